import type { Kernel, Network } from 'latchkit'
import { fallbackOptions } from './fallbackOptions'
import { onrampOptionsSchema } from './onrampSchemas'
import { purchaseCurrenciesOn } from './purchaseCurrencies'
import { onrampSlice } from './slice'
import type { OnrampOptions } from './state'

/**
 * Reads what can be bought and paid with (kept 5 minutes) into the slice; when the API
 * does not answer, the built-in fallback (USD and EUR by card or bank, the network's own
 * currency) is used and marked as such. Picks the first currency buyable on `network`
 * unless one is picked already.
 *
 * @example
 * const options = await loadOnrampOptions(kernel, network)
 * options.fallback // true when the API failed
 */
export async function loadOnrampOptions(kernel: Kernel, network: Network): Promise<OnrampOptions> {
  let options: OnrampOptions
  try {
    const answer = await kernel.api.request({
      path: 'v1/onramp/options',
      chainId: network.caipNetworkId,
      schema: onrampOptionsSchema,
      endpoint: 'GET /v1/onramp/options',
      cache: { ttlMs: 5 * 60_000 },
    })
    options = { ...answer, providers: answer.providers ?? [], fallback: false }
  } catch (error) {
    kernel.logger.warn('on-ramp options unavailable; using the built-in ones', error)
    options = fallbackOptions(network)
  }
  const buyable = purchaseCurrenciesOn(options, network)
  onrampSlice(kernel).set((draft) => {
    draft.options = options
    if (!buyable.some((currency) => currency.id === draft.purchaseCurrency))
      draft.purchaseCurrency = buyable[0]?.id
    if (!options.paymentCurrencies.some((currency) => currency.id === draft.paymentCurrency)) {
      draft.paymentCurrency = options.paymentCurrencies[0]?.id ?? 'USD'
    }
  })
  return options
}
