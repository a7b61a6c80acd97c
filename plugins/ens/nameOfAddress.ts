import type { EnsContext } from './ensContext'
import { evmNetworkId } from './evmNetworkId'
import { ensMessages } from './messages'
import { readIdentity } from './readIdentity'

/**
 * The name of `address` on the EVM network in view, from the identity the API gives it
 * (kept 5 minutes), or undefined: none, or the lookup failed ('Error fetching names for
 * address' in the log). A name only labels an address the caller shows anyway.
 *
 * @example
 * await nameOfAddress(context, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // 'bob.eth'
 */
export async function nameOfAddress(context: EnsContext, address: string): Promise<string | undefined> {
  const network = evmNetworkId(context.kernel)
  if (!network) return undefined
  try {
    return (await readIdentity(context, address, network)).name
  } catch (error) {
    context.logger.warn(`${ensMessages.ENS_NAMES_FAILED} ${address}`, error)
    return undefined
  }
}
