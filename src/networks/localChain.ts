import type { Network } from 'latchkit'
import { defineNetwork } from './defineNetwork'

/**
 * A local development chain (anvil, hardhat) at `rpcUrl`: ETH with 18 decimals, a
 * testnet, no block explorer. The devstack runs two, 31337 and 31338.
 *
 * @example
 * import { localChain } from 'latchkit/networks'
 *
 * const networks = [localChain(31337, 'http://127.0.0.1:8545'), localChain(31338, 'http://127.0.0.1:8546')]
 */
export function localChain(chainId: number, rpcUrl: string, name = `Latch Local ${chainId}`): Network {
  return defineNetwork({
    id: chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}
