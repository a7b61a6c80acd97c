import type { walletConnectViewStrings } from './views/viewStrings'

/** The strings the wallet list's WalletConnect entry needs before the pairing view loads. */
export const walletConnectStrings = {
  'walletConnect.title': 'WalletConnect',
  'walletConnect.qrTag': 'QR code',
} as const satisfies Record<string, string>

/** Every key the WalletConnect plugin uses, for a translation. */
export type WalletConnectStringKey = keyof typeof walletConnectStrings | keyof typeof walletConnectViewStrings
