import type { Kernel } from 'latchkit'
import { historySlice } from './slice'
import type { HistoryTransaction } from './state'
import { visibleTransactions } from './visibleTransactions'

export interface LandHistoryPageParameters {
  /** 'first' replaces the list; 'more' appends the next page; 'refresh' merges the first page in again. */
  page: 'first' | 'more' | 'refresh'
  /** The page as the API answered it. */
  transactions: readonly HistoryTransaction[]
  /** The cursor after it; ignored for 'refresh', which keeps the cursor of what was read past it. */
  next: string | undefined
  /** The network in view: transactions of other networks are dropped. */
  caipNetworkId: string
}

/**
 * Puts a page the API answered into the history slice: merged with what was read, only the
 * network in view, spam-only transactions dropped, each once, newest first; pending
 * transactions the page lists are settled.
 *
 * The list is built outside the draft and frozen: immer stops at a frozen value, so it does
 * not walk and freeze every transaction again on each page (hundreds of milliseconds at
 * 10,000 transactions).
 *
 * @example
 * landHistoryPage(kernel, { page: 'more', transactions: data, next, caipNetworkId: 'eip155:1' })
 */
export function landHistoryPage(kernel: Kernel, params: LandHistoryPageParameters): void {
  const { page, next, caipNetworkId } = params
  const slice = historySlice(kernel)
  const current = slice.get().transactions
  const merged =
    page === 'more'
      ? [...current, ...params.transactions]
      : page === 'refresh'
        ? [...params.transactions, ...current]
        : params.transactions
  const transactions = Object.freeze(visibleTransactions(merged, caipNetworkId)) as HistoryTransaction[]
  const mined = new Set(params.transactions.map((transaction) => transaction.metadata.hash?.toLowerCase()))
  slice.set((state) => {
    state.transactions = transactions
    if (page !== 'refresh') state.next = next
    state.loading = false
    state.indexing = undefined
    state.empty = transactions.length === 0 && state.next === undefined
    state.pending = state.pending.filter((pending) => !mined.has(pending.hash.toLowerCase()))
  })
}
