/**
 * latchkit/plugins/send: the Send feature. Nothing here runs at import; the views load
 * only when opened.
 *
 * @example
 * import { send } from 'latchkit/plugins/send'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [send()] })
 */
export { send } from './send'
export type { SendState, PendingTransaction, FeeEstimate } from './state'
export { SEND_PLUGIN_ID, PENDING_TRANSACTIONS_LIMIT, initialSendState } from './state'
export { sendSlice } from './slice'
export type { SendSliceAccess } from './slice'
export { sendToken } from './sendToken'
export type { SendTokenParameters, SendTokenReturnType, SendTokenErrorType } from './sendToken'
export { prepareSend } from './prepareSend'
export type { PreparedSend, PrepareSendParameters } from './prepareSend'
export { resolveReceiver, isReceiverAddress } from './resolveReceiver'
export type { ReceiverCheck } from './resolveReceiver'
export { parseUnits } from './parseUnits'
export { sendableTokens, tokenAddressOf, networkBalanceInUSD } from './tokens'
export { sendStrings } from './strings'
export type { SendStringKey } from './strings'
