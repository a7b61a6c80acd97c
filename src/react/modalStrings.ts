/**
 * The English strings of the modal shell and the core views. They load with the modal
 * (the first-open module) and register before it renders, so a page that never opens it
 * never loads them.
 *
 * @example
 * kernel.i18n.register(modalStrings)
 */
export const modalStrings = {
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading',
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
