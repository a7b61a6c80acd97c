import type { Kernel, Network } from 'latchkit'
import { swapApiRequest } from './swapApiRequest'
import { gasPriceSchema } from './swapSchemas'

/**
 * The network's standard gas price in wei, from the swap API (kept 30 s). Throws a
 * ValidationError with GAS_PRICE_UNSUPPORTED_NETWORK ('Network not supported for Gas
 * Price') when the API does not serve the network.
 *
 * @example
 * const gasPrice = await fetchSwapGasPrice(kernel, network) // 1_000_000_000n
 */
export async function fetchSwapGasPrice(kernel: Kernel, network: Network): Promise<bigint> {
  const answer = await swapApiRequest(kernel, {
    path: 'v1/convert/gas-price',
    query: { chainId: network.caipNetworkId },
    chainId: network.caipNetworkId,
    schema: gasPriceSchema,
    endpoint: 'GET /v1/convert/gas-price',
    cache: { ttlMs: 30_000 },
  })
  return BigInt(answer.standard)
}
