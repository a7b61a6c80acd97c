/**
 * latchkit/plugins/embedded-wallet: a wallet for people who have none, kept by a frame on
 * the frame service's origin; the AUTH connector for EVM and Solana, and the frame client
 * the login plugins (email) use. Nothing here loads the frame until a login needs it.
 *
 * @example
 * import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
 * createKernel({ networks, adapters: [evmAdapter()], projectId, plugins: [embeddedWallet({ frameUrl: 'https://wallet.example' })] })
 */
export { connectResultOf, EMBEDDED_WALLET_ICON } from './authConnector'
export type { EmbeddedWalletService, SocialLogin } from './authSession'
export type { FrameClient, FrameClientOptions, FrameRequestOptions, FrameTimings } from './createFrameClient'
export { DEFAULT_FRAME_TIMINGS } from './createFrameClient'
export { embeddedWallet } from './embeddedWallet'
export { embeddedWalletOf } from './embeddedWalletOf'
export type { FrameEvent, FramePayload, FrameRequestType, FrameSuccess, FrameUser } from './frameMessages'
export { authConnectorId, EMBEDDED_WALLET_FRAME_VIEW_ID, EMBEDDED_WALLET_PLUGIN_ID } from './ids'
export type { EmbeddedWalletErrorCode } from './messages'
export { embeddedWalletMessages } from './messages'
export type { EmbeddedWalletOptions } from './options'
export type { EmbeddedWalletStringKey } from './strings'
export { embeddedWalletStrings } from './strings'
export { FramePlaceholder } from './views/FramePlaceholder'
