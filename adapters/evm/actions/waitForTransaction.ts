import { type LatchError, TimeoutError, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { isTransactionHash } from '../address'
import { type Eip1193Provider, request } from '../provider'

export interface WaitForTransactionParameters {
  hash: string
  /** Give up after this long. Default 120 s: a busy chain can take a few blocks. */
  timeoutMs?: number
  /** Between two receipt reads. Default 1 s. */
  pollMs?: number
}
/** Whether the mined transaction did what it was sent for. */
export type WaitForTransactionReturnType = 'success' | 'reverted'
/** ValidationError for a malformed hash; TimeoutError when no receipt came in time; the RPC's failure, mapped. */
export type WaitForTransactionErrorType = LatchError

/**
 * Reads `eth_getTransactionReceipt` until the transaction is mined and says whether it
 * succeeded: an approval must be mined before the swap that spends it is sent, and a
 * reverted swap must not be reported as done.
 *
 * @example
 * const status = await waitForTransaction(rpc, { hash })
 * if (status === 'reverted') showError()
 */
export async function waitForTransaction(
  rpc: Eip1193Provider,
  { hash, timeoutMs = 120_000, pollMs = 1_000 }: WaitForTransactionParameters,
): Promise<WaitForTransactionReturnType> {
  if (!isTransactionHash(hash)) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `'${hash.slice(0, 80)}' is not a transaction hash`,
    })
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = (await request(rpc, { method: 'eth_getTransactionReceipt', params: [hash] })) as {
      status?: unknown
    } | null
    if (receipt && typeof receipt === 'object') return receipt.status === '0x1' ? 'success' : 'reverted'
    if (Date.now() + pollMs > deadline) {
      throw new TimeoutError(`No receipt for ${hash} after ${Math.round(timeoutMs / 1000)} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
