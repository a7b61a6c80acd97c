import type { Kernel } from 'latchkit'
import type { PreparedSend } from './prepareSend'

/** Why a send the rules allow may still not be what the visitor meant. */
export type SendWarning = 'burn' | 'tokenContract' | 'self'

/**
 * The warnings to show before a send is confirmed: a receiver nothing can spend from
 * (the adapter's `isBurnAddress`: the EVM zero address, Solana's system program), the
 * token's own contract (tokens sent there are usually lost), or the sender itself.
 * Addresses are compared with the adapter's `isSameAddress` (EVM ignores case).
 *
 * @example
 * sendWarnings(kernel, prepareSend(kernel)) // ['tokenContract']
 */
export function sendWarnings(kernel: Kernel, send: PreparedSend): SendWarning[] {
  const adapter = kernel.adapters.get(send.namespace)
  const same = (a: string, b: string) => adapter?.isSameAddress?.(a, b) ?? a === b
  const warnings: SendWarning[] = []
  if (adapter?.isBurnAddress?.(send.to)) warnings.push('burn')
  if (send.tokenAddress !== undefined && same(send.to, send.tokenAddress)) warnings.push('tokenContract')
  if (same(send.to, send.from)) warnings.push('self')
  return warnings
}
