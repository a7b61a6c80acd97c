/**
 * The Wallet Standard defines no error codes, so wallets in the wild say "no" in several
 * ways: EIP-1193's 4001 (Phantom, Solflare, the dev wallet), or an error named or worded as
 * a rejection. All of them become UserRejectedRequestError; anything else goes through the
 * kernel's one mapping, toRpcError.
 */
import { type LatchError, UserRejectedRequestError } from 'latchkit'
import { toRpcError } from 'latchkit/internal'

const rejectionWords = /\b(reject(ed)?|denied|declined?|cancell?ed)\b/i

/**
 * Maps a wallet failure onto the kernel's error classes.
 *
 * @example
 * try { await feature.signMessage(input) } catch (error) { throw toWalletError(error) }
 */
export function toWalletError(error: unknown): LatchError {
  const mapped = toRpcError(error)
  if (mapped.code !== 'RPC_DEFAULT') return mapped
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown }
  const words = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : ''}`
  if (rejectionWords.test(words)) {
    return new UserRejectedRequestError({
      cause: error,
      details: typeof message === 'string' ? message : undefined,
    })
  }
  return mapped
}

/** Runs a wallet call and maps its failure. */
export async function callWallet<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toWalletError(error)
  }
}
