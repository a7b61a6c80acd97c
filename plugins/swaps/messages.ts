/** The messages the swaps feature raises, keyed by the stable codes that accompany them. */
export const swapsMessages = {
  SWAPS_UNSUPPORTED_NETWORK: 'Network not supported for Swaps',
  GAS_PRICE_UNSUPPORTED_NETWORK: 'Network not supported for Gas Price',
  SWAPS_EVM_ONLY: 'Swaps are available on EVM networks only',
  SWAPS_NOT_CONFIGURED: 'Swaps are not available in this app',
  SWAP_TOKENS_REQUIRED: 'Select a token to swap from and one to swap to',
  SWAP_SAME_TOKEN: 'Select two different tokens',
  SWAP_AMOUNT_REQUIRED: 'Enter an amount greater than 0',
  SWAP_INVALID_AMOUNT: 'Invalid amount',
  SWAP_INSUFFICIENT_BALANCE: 'Insufficient balance',
  SWAP_INSUFFICIENT_GAS: 'Insufficient funds for the network fee',
  INSUFFICIENT_LIQUIDITY: 'Insufficient liquidity for this trade',
  SLIPPAGE_EXCEEDED: 'The price moved more than the allowed slippage',
  SWAP_QUOTE_REQUIRED: 'Wait for a quote',
  SWAP_REVERTED: 'The swap failed on chain',
  SWAP_APPROVAL_REVERTED: 'The approval failed on chain',
  SWAP_QUOTE_FAILED: 'Could not get a quote',
} as const

/** A code of {@link swapsMessages}. */
export type SwapsMessageCode = keyof typeof swapsMessages
