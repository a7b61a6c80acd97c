/** The plugin's id, also its `connectorTypes` group and the prefix of its connector ids. */
export const WALLETCONNECT_PLUGIN_ID = 'walletConnect'

/** The view that shows the pairing QR code, the wallet's links and how the attempt went. */
export const WALLETCONNECT_VIEW_ID = 'ConnectingWalletConnect'

/**
 * The connector id for one chain family: one WalletConnect session can hold several
 * families, and the kernel keeps one connector per family.
 *
 * @example
 * connectorIdFor('solana') // 'walletConnect:solana'
 */
export function connectorIdFor(namespace: string): string {
  return `${WALLETCONNECT_PLUGIN_ID}:${namespace}`
}
