import type { Network } from 'latchkit'
import type { OnrampOptions, PaymentMethodLimit } from './state'

/** Card and bank limits when the API's options cannot be read: the same in USD and EUR. */
export const FALLBACK_LIMITS: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/**
 * The built-in options used when `GET /v1/onramp/options` fails: USD and EUR by card or
 * bank, and the network's own currency to buy. No provider is known, so quotes and
 * checkout still go to the API's default one.
 *
 * @example
 * fallbackOptions(mainnet).paymentCurrencies.map((c) => c.id) // ['USD', 'EUR']
 */
export function fallbackOptions(network: Network): OnrampOptions {
  const chainId = network.caipNetworkId.split(':')[1] ?? ''
  return {
    purchaseCurrencies: [
      {
        id: network.nativeCurrency.symbol,
        name: network.nativeCurrency.name,
        symbol: network.nativeCurrency.symbol,
        networks: [
          { name: network.name, display_name: network.name, chain_id: chainId, contract_address: '' },
        ],
      },
    ],
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: [...FALLBACK_LIMITS] })),
    providers: [],
    fallback: true,
  }
}
