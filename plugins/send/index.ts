/**
 * latchkit/plugins/send: the Send feature. Nothing here runs at import; the views load
 * only when opened.
 *
 * Only the factory, the state's shape and the strings are exported: esbuild assigns every
 * module an entry re-exports to a chunk the entry loads at start-up, so re-exporting the
 * views' helpers (sendToken, prepareSend, resolveReceiver, ...) from here would move about
 * 4.6 KB from the lazy chunks into the initial load of every app that uses send().
 *
 * @example
 * import { send } from 'latchkit/plugins/send'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [send()] })
 */

export { SEND_PLUGIN_ID } from './ids'
export type { PreparedSend, PrepareSendParameters } from './prepareSend'
export type { ReceiverCheck } from './resolveReceiver'
export { send } from './send'
export type { SendTokenErrorType, SendTokenParameters, SendTokenReturnType } from './sendToken'
export type { FeeEstimate, PendingTransaction, SendState } from './state'
export { initialSendState, PENDING_TRANSACTIONS_LIMIT } from './state'
export type { SendStringKey } from './strings'
export { sendStrings } from './strings'
