import type { RegistryWallet } from 'latchkit'
import type { FetchWalletsReturnType } from './fetchWallets'

/** What the list has read so far. */
export interface WalletPagesState {
  wallets: readonly RegistryWallet[]
  /** The registry's total for the filters; undefined until the first page answers. */
  count: number | undefined
  loading: boolean
  /** The last page failed; `retry` asks it again. */
  failed: boolean
}

export interface WalletPages {
  get(): WalletPagesState
  subscribe(listener: () => void): () => void
  /** Reads the next page, unless one is on its way or every wallet is read. */
  loadMore(): void
  /** Asks the failed page again. */
  retry(): void
  /** Whether wallets remain to read. */
  hasMore(): boolean
  /** Stops: answers on their way are dropped. */
  dispose(): void
}

/**
 * The registry read page by page for a scrolling list: one page at a time, in order, each
 * wallet once (a registry that shifted between pages does not list a wallet twice).
 *
 * @example
 * const pages = walletPages((page) => fetchWallets(kernel, { page, entries: 40 }))
 * pages.loadMore() // page 1; a scroll to the end asks for page 2, ...
 */
export function walletPages(fetchPage: (page: number) => Promise<FetchWalletsReturnType>): WalletPages {
  let state: WalletPagesState = { wallets: [], count: undefined, loading: false, failed: false }
  let nextPage = 1
  let disposed = false
  const listeners = new Set<() => void>()
  const publish = (next: WalletPagesState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }
  const hasMore = () => state.count === undefined || state.wallets.length < state.count
  const read = () => {
    const page = nextPage
    publish({ ...state, loading: true, failed: false })
    fetchPage(page).then(
      ({ count, wallets }) => {
        if (disposed) return
        const seen = new Set(state.wallets.map((wallet) => wallet.id))
        const fresh = wallets.filter((wallet) => !seen.has(wallet.id))
        nextPage = page + 1
        // An empty page means the end, whatever the count said.
        const total = wallets.length === 0 ? state.wallets.length : count
        publish({ wallets: [...state.wallets, ...fresh], count: total, loading: false, failed: false })
      },
      () => {
        if (!disposed) publish({ ...state, loading: false, failed: true })
      },
    )
  }
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    loadMore() {
      if (disposed || state.loading || state.failed || !hasMore()) return
      read()
    },
    retry() {
      if (disposed || state.loading) return
      read()
    },
    hasMore,
    dispose() {
      disposed = true
      listeners.clear()
    },
  }
}
