import { type Kernel, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { loadWalletActions } from '../loadWalletActions'
import { validateSendCalls } from '../sendCalls'
import type { Call } from './callsTypes'
import type { SendCallsParameters, SendCallsReturnType } from './runSendCalls'

export type { SendCallsErrorType, SendCallsParameters, SendCallsReturnType } from './runSendCalls'

/**
 * Sends several calls from the connected EVM account with one approval where the wallet
 * can: it asks `wallet_getCapabilities` (EIP-5792) first, sends one `wallet_sendCalls`
 * and reads `wallet_getCallsStatus` until the bundle is done. A wallet without EIP-5792
 * gets one `eth_sendTransaction` per call instead, each mined before the next, with
 * `onProgress` after each step. Resolves with the final status; a reverted bundle is
 * `status: 'failure'`, not an error.
 *
 * @example
 * import { sendCalls } from 'latchkit/adapters/evm'
 * const result = await sendCalls(kernel, {
 *   calls: [
 *     { to: token, data: approveData },
 *     { to: router, data: swapData },
 *   ],
 * })
 * if (result.status !== 'success') showFailure(result.receipts)
 */
export async function sendCalls(
  kernel: Kernel,
  parameters: SendCallsParameters,
): Promise<SendCallsReturnType> {
  // Checked here, before any code loads or the wallet hears of the calls; and here rather
  // than in the loaded code, which would put the check in every app's first chunk.
  const calls = validateSendCalls(parameters.calls) as Call[]
  if (calls.length === 0) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: 'calls: at least one call is needed',
    })
  }
  return (await loadWalletActions()).runSendCalls(kernel, { ...parameters, calls })
}
