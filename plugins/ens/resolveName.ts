import { coinTypeOf } from './coinTypeOf'
import type { EnsContext } from './ensContext'
import type { NameProfile } from './ensSchemas'
import { chainIdOf, evmNetworkId } from './evmNetworkId'
import { readNameProfile } from './readNameProfile'

/** Ethereum's coin type: the address a name keeps for every EVM chain it names no other for. */
const DEFAULT_COIN_TYPE = '60'

/**
 * The address `profile` names for chain `chainId`: the one under its ENSIP-11 coin type,
 * else the Ethereum one (`'60'`), else undefined.
 *
 * @example
 * addressOn(profile, 8453) // profile.addresses['2147492101'] ?? profile.addresses['60']
 */
export function addressOn(profile: NameProfile, chainId: number): string | undefined {
  let coinType = DEFAULT_COIN_TYPE
  try {
    coinType = String(coinTypeOf(chainId))
  } catch {
    // A chain without a coin type of its own: the Ethereum address is the only candidate.
  }
  return (profile.addresses[coinType] ?? profile.addresses[DEFAULT_COIN_TYPE])?.address
}

/**
 * The address `name` points to on the EVM network in view, or undefined when the name is
 * unknown or names no address for it. Rejects (ENS_RESOLVE_FAILED) only when the lookup
 * itself failed. What is returned is the API's: the caller checks it is an address.
 *
 * @example
 * await resolveName(context, 'alice.eth') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export async function resolveName(context: EnsContext, name: string): Promise<string | undefined> {
  const network = evmNetworkId(context.kernel)
  if (!network) return undefined
  const profile = await readNameProfile(context, name, network)
  return profile && addressOn(profile, chainIdOf(network))
}
