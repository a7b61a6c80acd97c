/**
 * latchkit/plugins/receive: the Receive feature. Nothing here runs at import; the view
 * (and the QR encoder with it) loads only when opened.
 *
 * @example
 * import { receive } from 'latchkit/plugins/receive'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [receive()] })
 */
export { receive, RECEIVE_PLUGIN_ID } from './receive'
export { receiveStrings } from './strings'
export type { ReceiveStringKey } from './strings'
