/** The plugin's id, the name of the service it offers and the prefix of its connector ids. */
export const EMBEDDED_WALLET_PLUGIN_ID = 'embeddedWallet'

/** The view the widget opens to show the frame's own screen when no other view hosts it. */
export const EMBEDDED_WALLET_FRAME_VIEW_ID = 'EmbeddedWalletFrame'

/**
 * The connector id for one chain family: one login serves every family, and the kernel
 * keeps one connector per family.
 *
 * @example
 * authConnectorId('solana') // 'embeddedWallet:solana'
 */
export function authConnectorId(namespace: string): string {
  return `${EMBEDDED_WALLET_PLUGIN_ID}:${namespace}`
}
