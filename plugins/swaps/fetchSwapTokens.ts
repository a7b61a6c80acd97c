import type { Kernel, Network } from 'latchkit'
import type { SwapToken } from './state'
import { swapApiRequest } from './swapApiRequest'
import { swapTokensSchema } from './swapSchemas'

/**
 * The tokens the swap API trades on `network`, the native currency first (its address is
 * the all-`e` one). Kept for 5 minutes.
 *
 * @example
 * const tokens = await fetchSwapTokens(kernel, network) // [{ symbol: 'ETH', address: 'eip155:1:0xeee...' }, ...]
 */
export async function fetchSwapTokens(kernel: Kernel, network: Network): Promise<SwapToken[]> {
  const answer = await swapApiRequest(kernel, {
    path: 'v1/convert/tokens',
    query: { chainId: network.caipNetworkId },
    chainId: network.caipNetworkId,
    schema: swapTokensSchema,
    endpoint: 'GET /v1/convert/tokens',
    cache: { ttlMs: 5 * 60_000 },
  })
  return answer.tokens.map((token) => ({
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    ...(token.logoUri ? { logoUri: token.logoUri } : {}),
    price: 0,
  }))
}
