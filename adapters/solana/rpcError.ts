/**
 * @solana/kit reports a JSON-RPC failure as a SolanaError whose `context.__code` is the
 * node's numeric code (-32002 for a failed preflight, ...). The kernel maps codes read
 * from `code`, so the number is lifted there before toRpcError sees it.
 */
import type { LatchError } from 'latchkit'
import { toRpcError } from 'latchkit/internal'

/**
 * Maps anything the RPC client throws onto the kernel's error classes.
 *
 * @example
 * try { await rpc.getBalance(owner).send() } catch (error) { throw toSolanaRpcError(error) }
 */
export function toSolanaRpcError(error: unknown): LatchError {
  const code = (error as { context?: { __code?: unknown } } | null)?.context?.__code
  // JSON-RPC codes are negative; kit's own positive codes (transport, codecs) are not.
  if (typeof code === 'number' && code < 0) {
    return toRpcError(Object.assign(new Error((error as Error).message, { cause: error }), { code }))
  }
  return toRpcError(error)
}

/** Runs an RPC call and maps its failure. */
export async function callRpc<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toSolanaRpcError(error)
  }
}
