import type { walletsViewStrings } from './views/viewStrings'

/**
 * The strings the wallets plugin needs on the Connect view, before the all-wallets list
 * loads; the list's own strings come with it (views/viewStrings.ts). A locale overrides
 * any key either way.
 */
export const walletsStrings = {
  'wallets.all': 'All wallets',
  'wallets.title': 'All wallets',
  'wallets.installed': 'Installed',
  'wallets.needsWalletConnect': 'Needs WalletConnect',
  'wallets.openWebApp': 'Open web app',
} as const satisfies Record<string, string>

/** Every key the wallets plugin uses, for a translation. */
export type WalletsStringKey = keyof typeof walletsStrings | keyof typeof walletsViewStrings
