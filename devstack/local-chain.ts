import { type Chain, defineChain } from 'viem'

/**
 * A viem `Chain` for a local anvil, so clients built in the devstack and in tests agree on
 * ids, names and currency.
 *
 * @example createPublicClient({ chain: localChain(31337, rpcUrl), transport: http(rpcUrl) })
 */
export function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Latch Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}
