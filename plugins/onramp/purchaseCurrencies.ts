import type { Network } from 'latchkit'
import type { OnrampOptions, PaymentMethodLimit, PurchaseCurrency } from './state'

/**
 * The currencies that can be bought on `network`: those with an entry for its chain (by
 * chain id, or by CAIP-2 id for chains without a numeric one).
 *
 * @example
 * purchaseCurrenciesOn(options, base).map((c) => c.symbol) // ['ETH', 'USDC']
 */
export function purchaseCurrenciesOn(
  options: OnrampOptions | undefined,
  network: Network,
): PurchaseCurrency[] {
  if (!options) return []
  const reference = network.caipNetworkId.split(':')[1]
  return options.purchaseCurrencies.filter((currency) =>
    currency.networks.some(
      (entry) => entry.chain_id === reference || entry.chain_id === network.caipNetworkId,
    ),
  )
}

/**
 * The limits of paying `method` in `currency`, or undefined when the options name none.
 *
 * @example
 * limitsOf(options, 'USD', 'card') // { id: 'card', min: '10.00', max: '7500.00' }
 */
export function limitsOf(
  options: OnrampOptions | undefined,
  currency: string,
  method: string,
): PaymentMethodLimit | undefined {
  return options?.paymentCurrencies
    .find((entry) => entry.id === currency)
    ?.payment_method_limits.find((limit) => limit.id === method)
}
