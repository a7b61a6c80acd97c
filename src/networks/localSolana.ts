import type { Network } from 'latchkit'
import { defineNetwork } from './defineNetwork'

/**
 * A local Solana endpoint (the devstack's litesvm RPC, solana-test-validator) at `rpcUrl`:
 * SOL with 9 decimals, a testnet, no block explorer. Its CAIP-2 reference is the first 32
 * characters of `genesisHash`, the same rule as the public clusters.
 *
 * @example
 * import { localSolana } from 'latchkit/networks'
 *
 * const local = localSolana('http://127.0.0.1:8899', await rpc.getGenesisHash().send())
 * // local.caipNetworkId === `solana:${genesisHash.slice(0, 32)}`
 */
export function localSolana(rpcUrl: string, genesisHash: string, name = 'Solana Local'): Network {
  return defineNetwork({
    id: genesisHash.slice(0, 32),
    name,
    chainNamespace: 'solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}
