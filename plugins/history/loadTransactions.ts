import { type CaipNetworkId, type Kernel, LatchError } from 'latchkit'
import { accountInView } from 'latchkit/internal'
import { fetchTransactions } from './fetchTransactions'
import { landHistoryPage } from './landHistoryPage'
import { historyMessages } from './messages'
import { historySlice } from './slice'

export interface LoadTransactionsParameters {
  /**
   * 'first': the first page, afresh (on open, and after an account or network change);
   * 'more': the page after the last one read; 'refresh': the first page asked again and
   * merged in (a pending transaction's poll), keeping what was read past it.
   */
  page: 'first' | 'more' | 'refresh'
}

/**
 * Reads a page of the account's activity into the history slice: the network in view
 * only, spam-only transactions dropped, each once, newest first. Pending transactions the
 * page lists are settled (removed from the pending list). A failure marks the list empty,
 * clears the cursor and keeps 'Failed to fetch transactions' as the error.
 *
 * @example
 * await loadTransactions(kernel, { page: 'first' })
 */
export async function loadTransactions(kernel: Kernel, { page }: LoadTransactionsParameters): Promise<void> {
  const slice = historySlice(kernel)
  const { address, caipNetworkId } = accountInView(kernel)
  const before = slice.get()
  if (page === 'more' && (before.next === undefined || before.loading)) return
  const cursor = page === 'more' ? before.next : undefined
  slice.set((state) => {
    state.loading = true
    state.error = undefined
    if (page === 'first') {
      state.transactions = []
      state.next = undefined
      state.empty = false
      state.lastAccountInView = address
      state.lastNetworkInView = caipNetworkId
    }
  })
  // The account or network may change while the request is out: its answer is then stale.
  const stillInView = () => {
    const now = accountInView(kernel)
    return now.address === address && now.caipNetworkId === caipNetworkId
  }
  try {
    const result = await fetchTransactions(kernel, {
      accountAddress: address,
      ...(caipNetworkId !== undefined && { chainId: caipNetworkId }),
      ...(cursor !== undefined && { cursor }),
      ...(page === 'refresh' && { fresh: true }),
    })
    if (!stillInView()) return
    landHistoryPage(kernel, {
      page,
      transactions: result.transactions,
      next: result.next,
      caipNetworkId: caipNetworkId ?? '',
    })
  } catch (error) {
    if (!stillInView()) return
    slice.set((state) => {
      state.transactions = []
      state.next = undefined
      state.loading = false
      state.empty = true
      state.error = historyMessages.HISTORY_FETCH_FAILED
    })
    kernel.bus.emit('error', {
      error: new LatchError(historyMessages.HISTORY_FETCH_FAILED, {
        code: 'HISTORY_FETCH_FAILED',
        cause: error,
      }),
      source: 'history',
    })
  }
}
