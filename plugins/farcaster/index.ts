/**
 * latchkit/plugins/farcaster: Sign In With Farcaster to the embedded wallet (needs
 * `latchkit/plugins/embedded-wallet` in the same plugin list, and Farcaster configured in
 * the frame service: a relay and an Optimism RPC for the Id Registry).
 *
 * @example
 * import { farcaster } from 'latchkit/plugins/farcaster'
 * createKernel({ networks, adapters, projectId, plugins: [embeddedWallet({ frameUrl }), farcaster()] })
 */
export { farcaster } from './farcaster'
export { FARCASTER_PLUGIN_ID, FARCASTER_VIEWS } from './ids'
export type { FarcasterErrorCode } from './messages'
export { farcasterMessages } from './messages'
export type { FarcasterStringKey } from './strings'
export { farcasterStrings } from './strings'
