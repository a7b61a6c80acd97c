/** The all-wallets list's strings, loaded with it. `{query}` is the visitor's search text. */
export const walletsViewStrings = {
  'wallets.search': 'Search wallets',
  'wallets.list': 'Wallets',
  'wallets.noMatch': 'No wallet matches “{query}”',
  'wallets.none': 'No wallets to show',
  'wallets.failed': 'The wallets could not be loaded',
  'wallets.retry': 'Try again',
  'wallets.loadingMore': 'Loading more…',
  'wallets.searching': 'Searching…',
} as const satisfies Record<string, string>
