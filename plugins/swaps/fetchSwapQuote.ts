import { type Kernel, type Network, ValidationError } from 'latchkit'
import { swapsMessages } from './messages'
import type { SwapQuote } from './state'
import { swapApiRequest } from './swapApiRequest'
import { swapQuotesSchema } from './swapSchemas'

export interface FetchSwapQuoteParameters {
  network: Network
  /** The account that would swap. */
  userAddress: string
  /** Token ids (CAIP-10). */
  from: string
  to: string
  /** Base units of `from`. */
  amount: bigint
  signal?: AbortSignal
}

/**
 * The router's quote for swapping `amount` of `from` into `to`, asked afresh each time
 * (a quote is only good while the pools stand still). Throws a ValidationError with
 * INSUFFICIENT_LIQUIDITY when no pool can take the trade, SWAPS_UNSUPPORTED_NETWORK when
 * the API does not swap on the network.
 *
 * @example
 * const quote = await fetchSwapQuote(kernel, { network, userAddress, from: eth, to: usdc, amount: 10n ** 17n })
 * quote.toAmount // 199_401_000n
 */
export async function fetchSwapQuote(kernel: Kernel, params: FetchSwapQuoteParameters): Promise<SwapQuote> {
  const { network, userAddress, from, to, amount, signal } = params
  const answer = await swapApiRequest(kernel, {
    path: 'v1/convert/quotes',
    query: { amount: amount.toString(), userAddress, from, to },
    chainId: network.caipNetworkId,
    schema: swapQuotesSchema,
    endpoint: 'GET /v1/convert/quotes',
    cache: 'no-cache',
    ...(signal && { signal }),
  })
  const quote = answer.quotes[0]
  // No quote at all is no route through the pools.
  if (!quote) {
    throw new ValidationError(swapsMessages.INSUFFICIENT_LIQUIDITY, { code: 'INSUFFICIENT_LIQUIDITY' })
  }
  return {
    fromAmount: BigInt(quote.fromAmount),
    toAmount: BigInt(quote.toAmount),
    priceImpact: quote.priceImpact ?? 0,
    providerFee: quote.providerFee ?? 0,
    from,
    to,
  }
}
