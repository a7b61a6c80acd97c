/** English strings of the Tokens and NFTs tabs; an integrator's locale overrides them by key. */
export const tabStrings = {
  'tabs.tokens': 'Tokens',
  'tabs.nfts': 'NFTs',
  'tokens.total': 'Total balance',
  'tokens.empty': 'No tokens yet',
  'tokens.list': 'Token balances',
  'nfts.empty': 'No NFTs yet',
  'nfts.unavailable': 'NFTs are not available',
  'nfts.list': 'NFTs',
} as const
