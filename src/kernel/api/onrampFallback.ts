/**
 * SPEC §8/§9 onramp fallbacks: when the options call fails the widget still offers USD
 * and EUR by card (10.00-7500.00) and bank account (10.00-25000.00); when the quote call
 * fails it shows a placeholder quote rather than an error, so the buy form stays usable.
 */

import type { OnrampOptions, OnrampQuote, PaymentCurrency } from './blockchainSchemas'
import { PLACEHOLDER_QUOTE_ID } from './constants'

/** SPEC §9 onramp fallback limits, per payment method, in the payment currency. */
export const ONRAMP_FALLBACK_LIMITS = Object.freeze({
  card: Object.freeze({ min: '10.00', max: '7500.00' }),
  ach_bank_account: Object.freeze({ min: '10.00', max: '25000.00' }),
})

function fallbackPaymentCurrency(id: 'USD' | 'EUR'): PaymentCurrency {
  return {
    id,
    payment_method_limits: [
      { id: 'card', ...ONRAMP_FALLBACK_LIMITS.card },
      { id: 'ach_bank_account', ...ONRAMP_FALLBACK_LIMITS.ach_bank_account },
    ],
  }
}

/**
 * The built-in onramp options used when `GET /v1/onramp/options` fails. Purchase
 * currencies are left empty: which tokens can be bought depends on the networks of the
 * app, which only the onramp feature knows.
 *
 * @example
 * const options = onrampFallbackOptions()
 * options.paymentCurrencies.map((c) => c.id) // ['USD', 'EUR']
 */
export function onrampFallbackOptions(): OnrampOptions {
  return {
    purchaseCurrencies: [],
    paymentCurrencies: [fallbackPaymentCurrency('USD'), fallbackPaymentCurrency('EUR')],
  }
}

/**
 * The quote shown when `POST /v1/onramp/quote` fails: one to one, no fees, marked with
 * {@link PLACEHOLDER_QUOTE_ID} so the view can say the figures are estimates.
 *
 * @example
 * placeholderOnrampQuote({ amount: '50', paymentCurrency: 'USD', purchaseCurrency: 'ETH' })
 * // { paymentTotal: { amount: '50', currency: 'USD' }, ..., quoteId: 'placeholder-quote' }
 */
export function placeholderOnrampQuote(params: {
  amount: string
  paymentCurrency: string
  purchaseCurrency: string
}): OnrampQuote {
  const payment = { amount: params.amount, currency: params.paymentCurrency }
  return {
    paymentTotal: { ...payment },
    paymentSubtotal: { ...payment },
    purchaseAmount: { amount: params.amount, currency: params.purchaseCurrency },
    networkFee: { amount: '0', currency: params.paymentCurrency },
    quoteId: PLACEHOLDER_QUOTE_ID,
  }
}
