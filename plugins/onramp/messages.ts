/** The messages the on-ramp raises, keyed by the stable codes that accompany them. */
export const onrampMessages = {
  ONRAMP_AMOUNT_REQUIRED: 'Enter an amount',
  ONRAMP_AMOUNT_INVALID: 'Enter an amount such as 100 or 49.99',
  ONRAMP_AMOUNT_OUT_OF_LIMITS: 'Amount must be between {min} and {max} {currency}',
  ONRAMP_CURRENCY_REQUIRED: 'Select what to buy',
  ONRAMP_NOT_CONNECTED: 'Address or auth connector not found',
  ONRAMP_POPUP_BLOCKED: 'The checkout window was blocked; open it with the link',
  ONRAMP_FAILED: 'Buy failed',
} as const

export type OnrampMessageCode = keyof typeof onrampMessages
