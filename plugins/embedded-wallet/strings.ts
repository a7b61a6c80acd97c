/** The embedded wallet's English strings: its alerts, its name and its frame view. */
export const embeddedWalletStrings = {
  'embeddedWallet.name': 'Embedded wallet',
  'embeddedWallet.frameTitle': 'Embedded wallet',
  'embeddedWallet.frameWaiting': 'Waiting for the embedded wallet…',
  'embeddedWallet.alert.loadFailed': 'Network Error - Could not load embedded wallet',
  'embeddedWallet.alert.timedOut': 'Embedded Wallet Request Timed Out',
  'embeddedWallet.alert.sessionExpired': 'Session Expired',
  'embeddedWallet.alert.invalidConfig': 'Invalid App Configuration',
  'embeddedWallet.alert.noProjectId': 'Project ID Not Configured',
  'embeddedWallet.alert.notAllowed': 'Action not allowed',
} as const satisfies Record<string, string>

/** Every key the embedded wallet plugin uses, for a translation. */
export type EmbeddedWalletStringKey = keyof typeof embeddedWalletStrings
