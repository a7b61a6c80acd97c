/**
 * latchkit/plugins/walletconnect: connect a wallet by WalletConnect v2 (QR code or deep
 * link) through a relay you choose. Nothing here runs at import; the SDK loads on first use.
 *
 * @example
 * import { walletConnect } from 'latchkit/plugins/walletconnect'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [walletConnect({ relayUrl: 'wss://relay.example/relay' })] })
 */
export { connectorIdFor, WALLETCONNECT_PLUGIN_ID, WALLETCONNECT_VIEW_ID } from './ids'
export type { WalletConnectMetadata, WalletConnectOptions } from './options'
export type { PairingState, PairingStatus } from './pairingState'
export type { SessionManager } from './sessionManager'
export type { WalletConnectStringKey } from './strings'
export { walletConnectStrings } from './strings'
export { walletConnectViewStrings } from './views/viewStrings'
export { walletConnect } from './walletConnect'
export { walletLink } from './walletLinks'
