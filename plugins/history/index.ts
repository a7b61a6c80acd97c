/**
 * latchkit/plugins/history: the Activity feature. Nothing here runs at import; the list
 * loads when its tab or view first opens.
 *
 * Only the factory, the state's shape, constants and strings are exported: the list's
 * helpers re-exported here would move into the initial load of every app that uses it.
 *
 * @example
 * import { history } from 'latchkit/plugins/history'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [history()], api })
 */

export type { FetchTransactionsParameters, FetchTransactionsReturnType } from './fetchTransactions'
export type { TransactionMonth } from './groupTransactions'
export { history } from './history'
export { HISTORY_PLUGIN_ID } from './ids'
export { historyMessages } from './messages'
export type { HistoryState, HistoryTransaction, HistoryTransfer, PendingHistoryTransaction } from './state'
export { HISTORY_PENDING_LIMIT, HISTORY_POLL_MS, initialHistoryState } from './state'
export type { HistoryStringKey } from './strings'
export { historyStrings } from './strings'
