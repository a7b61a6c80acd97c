/**
 * latchkit/plugins/receive: the Receive feature. Nothing here runs at import; the view
 * (and the QR encoder with it) loads only when opened.
 *
 * @example
 * import { receive } from 'latchkit/plugins/receive'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [receive()] })
 */

export { RECEIVE_PLUGIN_ID } from './ids'
export { receive } from './receive'
export type { ReceiveStringKey } from './strings'
export { receiveStrings } from './strings'
