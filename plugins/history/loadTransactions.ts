import { type Kernel, LatchError } from 'latchkit'
import { accountInView } from 'latchkit/internal'
import { fetchTransactions } from './fetchTransactions'
import { indexingOf } from './indexingOf'
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
export async function loadTransactions(
  kernel: Kernel,
  parameters: LoadTransactionsParameters,
): Promise<void> {
  const slice = historySlice(kernel)
  const { address, caipNetworkId } = accountInView(kernel)
  const before = slice.get()
  // Nothing read yet (the first read failed, or waits for the index): a poll reads the
  // first page in full, cursor included, rather than merging it into nothing.
  const nothingRead = before.error !== undefined || before.indexing?.page === 'first'
  const page = parameters.page === 'refresh' && nothingRead ? 'first' : parameters.page
  if (page === 'more' && (before.next === undefined || before.loading)) return
  // A poll while a read is out: that read brings the news; the next tick asks again.
  if (parameters.page === 'refresh' && before.loading) return
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
    const indexing = indexingOf(error, page === 'more' ? 'more' : 'first')
    if (indexing) {
      slice.set((state) => {
        state.loading = false
        // A poll's read that waits changes nothing: what is shown stays, and so does the read to ask again.
        if (page !== 'refresh') state.indexing = indexing
      })
      return
    }
    slice.set((state) => {
      state.indexing = undefined
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
