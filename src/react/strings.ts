/**
 * The English strings of the buttons, the modal shell and the core views. The provider
 * registers them as defaults; an integrator's locale (createKernel({ locale }) or
 * i18n.setLocale) overrides any of them by key.
 *
 * @example
 * createKernel({ networks, locale: { ...coreStrings, 'button.connect': 'Wallet verbinden' } })
 */
export const coreStrings = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting...',
  'button.network': 'Select network',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading',
  'modal.viewFailed': 'This screen could not be loaded',
  'modal.viewMissing': 'Unknown view "{view}"',
  'modal.retry': 'Try again',
  'connect.title': 'Connect Wallet',
  'connect.wallets': 'Wallets',
  'connect.recent': 'Recent',
  'connect.installed': 'Installed',
  'connect.empty': 'No wallet found. Install a browser wallet to continue.',
  'connectingExternal.title': 'Connecting',
  'connectingExternal.waiting': 'Continue in {name}',
  'connectingExternal.waitingHint': 'Accept the connection request in the wallet',
  'connectingExternal.declined': 'Connection declined',
  'connectingExternal.declinedHint': 'Connection can be declined if a previous request is still active',
  'connectingExternal.failed': 'Connection failed',
  'connectingExternal.retry': 'Try again',
  'connectingExternal.cancel': 'Cancel',
  'unsupportedChain.title': 'Switch Network',
  'unsupportedChain.message':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'unsupportedChain.disconnect': 'Disconnect',
  'networks.title': 'Choose Network',
  'networks.switchFailed': 'Could not switch network',
  'account.title': 'Account',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.explorer': 'Block explorer',
  'account.network': 'Network',
  'account.disconnect': 'Disconnect',
} as const satisfies Record<string, string>

export type CoreStringKey = keyof typeof coreStrings
