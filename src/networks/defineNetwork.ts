import type { CaipNetworkId, ChainNamespace, Network } from 'latchkit'

/** A network as written by hand: `chainNamespace` defaults to eip155, `caipNetworkId` is derived. */
export type NetworkDefinition = Omit<Network, 'chainNamespace' | 'caipNetworkId'> & {
  chainNamespace?: ChainNamespace
  caipNetworkId?: CaipNetworkId
}

/**
 * Completes a network definition: fills `chainNamespace` (eip155) and `caipNetworkId`
 * (`namespace:id`). Pure, so an unused network is dropped by tree-shaking.
 *
 * @example
 * import { defineNetwork } from 'latchkit/networks'
 *
 * export const myChain = defineNetwork({
 *   id: 123456,
 *   name: 'My Chain',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 *   rpcUrls: { default: { http: ['https://rpc.my-chain.example'] } },
 *   blockExplorers: { default: { name: 'MyScan', url: 'https://scan.my-chain.example' } },
 * })
 * // myChain.caipNetworkId === 'eip155:123456'
 */
export function defineNetwork(definition: NetworkDefinition): Network {
  const chainNamespace = definition.chainNamespace ?? 'eip155'
  return {
    ...definition,
    chainNamespace,
    caipNetworkId: definition.caipNetworkId ?? `${chainNamespace}:${definition.id}`,
  }
}
