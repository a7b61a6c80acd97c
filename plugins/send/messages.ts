/** The messages the send feature raises, keyed by the stable codes that accompany them. */
export const sendMessages = {
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  SEND_AMOUNT_ZERO: 'Enter an amount greater than 0',
} as const
