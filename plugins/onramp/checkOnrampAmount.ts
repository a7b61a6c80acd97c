import { ValidationError } from 'latchkit'
import { formatMessage } from 'latchkit/internal'
import { onrampMessages } from './messages'
import { limitsOf } from './purchaseCurrencies'
import type { OnrampState } from './state'

/**
 * Checks the Buy form's amount against the payment method's limits in its currency and
 * throws a ValidationError naming them ('Amount must be between 10.00 and 7500.00 USD',
 * code ONRAMP_AMOUNT_OUT_OF_LIMITS); also ONRAMP_AMOUNT_REQUIRED and ONRAMP_AMOUNT_INVALID.
 * Returns the amount with two decimals.
 *
 * @example
 * checkOnrampAmount({ ...state, paymentAmount: '100' }) // '100.00'
 */
export function checkOnrampAmount(
  state: Pick<OnrampState, 'options' | 'paymentAmount' | 'paymentCurrency' | 'paymentMethod'>,
): string {
  const typed = state.paymentAmount.trim()
  if (typed === '') {
    throw new ValidationError(onrampMessages.ONRAMP_AMOUNT_REQUIRED, { code: 'ONRAMP_AMOUNT_REQUIRED' })
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(typed)) {
    throw new ValidationError(onrampMessages.ONRAMP_AMOUNT_INVALID, { code: 'ONRAMP_AMOUNT_INVALID' })
  }
  const amount = Number(typed)
  const limits = limitsOf(state.options, state.paymentCurrency, state.paymentMethod)
  if (limits && (amount < Number(limits.min) || amount > Number(limits.max))) {
    throw new ValidationError(
      formatMessage(onrampMessages.ONRAMP_AMOUNT_OUT_OF_LIMITS, {
        min: limits.min,
        max: limits.max,
        currency: state.paymentCurrency,
      }),
      { code: 'ONRAMP_AMOUNT_OUT_OF_LIMITS' },
    )
  }
  return amount.toFixed(2)
}
