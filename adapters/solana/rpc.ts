import { createSolanaRpc } from '@solana/kit'
import type { Network } from 'latchkit'
import { latchError } from 'latchkit/internal'

/** The @solana/kit RPC client the adapter reads and sends with. */
export type SolanaRpc = ReturnType<typeof createSolanaRpc>

/**
 * One RPC client per network and URL, made on first use and reused after; the cache lives
 * in the adapter instance, never in the module.
 *
 * @example
 * const rpcFor = createRpcCache()
 * await rpcFor(solanaDevnet).getSlot().send()
 */
export function createRpcCache(): (network: Network) => SolanaRpc {
  const clients = new Map<string, SolanaRpc>()
  return (network) => {
    const url = network.rpcUrls.default.http[0]
    if (!url) {
      throw latchError('NO_ACTIVE_CAIP_NETWORK', {}, { details: `${network.caipNetworkId} has no RPC URL` })
    }
    const key = `${network.caipNetworkId} ${url}`
    let client = clients.get(key)
    if (!client) {
      client = createSolanaRpc(url)
      clients.set(key, client)
    }
    return client
  }
}
