import type { Kernel, Network } from 'latchkit'
import { checkOnrampAmount } from './checkOnrampAmount'
import { onrampQuoteSchema } from './onrampSchemas'
import { onrampSlice } from './slice'
import type { OnrampQuote, OnrampState } from './state'

/**
 * The quote shown when a provider's could not be read: what is paid, with no fee known and
 * the purchase amount worked out from `price` when one is known ('0' otherwise). Marked
 * as an estimate.
 *
 * @example
 * placeholderQuote('latchramp', '100.00', 'USD', 'LUSD', 1).purchaseAmount // { amount: '100.000000', currency: 'LUSD' }
 */
export function placeholderQuote(
  provider: string,
  amount: string,
  currency: string,
  symbol: string,
  price: number | undefined,
): OnrampQuote {
  const money = (value: string) => ({ amount: value, currency })
  return {
    provider,
    paymentTotal: money(amount),
    paymentSubtotal: money(amount),
    purchaseAmount: { amount: price ? (Number(amount) / price).toFixed(6) : '0', currency: symbol },
    networkFee: money('0.00'),
    quoteId: '',
    estimate: true,
  }
}

function priceOf(kernel: Kernel, network: Network, symbol: string): number | undefined {
  const account = kernel.getState().accounts[network.chainNamespace]
  const held = account?.tokenBalance.find(
    (token) => token.chainId === network.caipNetworkId && token.symbol === symbol,
  )
  return held?.price || undefined
}

/**
 * One quote per provider for the Buy form's amount, into the slice (a provider whose quote
 * fails gets a placeholder marked as an estimate). Throws the amount's ValidationError
 * (out of limits, ...) without asking anyone.
 *
 * @example
 * const quotes = await fetchOnrampQuotes(kernel, network)
 * quotes.map((q) => q.purchaseAmount.amount) // ['98.500000', '97.500000']
 */
export async function fetchOnrampQuotes(kernel: Kernel, network: Network): Promise<OnrampQuote[]> {
  const slice = onrampSlice(kernel)
  const form: OnrampState = slice.get()
  const amount = checkOnrampAmount(form)
  const symbol = form.purchaseCurrency ?? network.nativeCurrency.symbol
  const providers = form.options?.providers.length ? form.options.providers.map((p) => p.id) : ['']
  slice.set((draft) => {
    draft.loadingQuotes = true
  })
  const quotes = await Promise.all(
    providers.map(async (provider): Promise<OnrampQuote> => {
      try {
        const quote = await kernel.api.request({
          method: 'POST',
          path: 'v1/onramp/quote',
          body: {
            purchaseCurrency: { id: symbol },
            paymentCurrency: { id: form.paymentCurrency },
            amount,
            network: network.caipNetworkId,
            ...(provider && { provider }),
          },
          chainId: network.caipNetworkId,
          schema: onrampQuoteSchema,
          endpoint: 'POST /v1/onramp/quote',
          cache: { ttlMs: 30_000 },
        })
        return { ...quote, provider: quote.provider ?? provider, estimate: false }
      } catch (error) {
        kernel.logger.warn(`on-ramp quote unavailable (${provider || 'default'}); showing an estimate`, error)
        return placeholderQuote(
          provider,
          amount,
          form.paymentCurrency,
          symbol,
          priceOf(kernel, network, symbol),
        )
      }
    }),
  )
  slice.set((draft) => {
    // Only if the form still asks for what these quotes answer.
    const now = draft as OnrampState
    if (
      now.paymentAmount === form.paymentAmount &&
      now.paymentCurrency === form.paymentCurrency &&
      now.purchaseCurrency === form.purchaseCurrency
    ) {
      draft.quotes = quotes
    }
    draft.loadingQuotes = false
  })
  return quotes
}
