'use client'
import type { RegistryWallet } from 'latchkit'
import { numberFormat, useConnectors, useKernel, useLocaleTag, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { fetchWallets } from '../fetchWallets'
import { spacedSearch } from '../spacedSearch'
import { WALLETS_PAGE_SIZE, WALLETS_SEARCH_GAP_MS, WALLETS_SEARCH_LIMIT } from '../state'
import { installedConnector, matchLoaded } from '../walletGroups'
import { walletPages } from '../walletPages'
import { useWalletsSettings } from './useWalletsSettings'
import { WalletRow } from './WalletRow'
import { walletsCss } from './walletsCss'

export { walletsViewStrings as viewStrings } from './viewStrings'

type SearchAnswer =
  | { query: string; status: 'done'; wallets: readonly RegistryWallet[] }
  | { query: string; status: 'failed' }

/** Start reading the next page this far before the end of the list. */
const PREFETCH_MARGIN = '240px'

/**
 * All wallets: the registry page by page as the list scrolls, with a search box. On a
 * keystroke the list shows at once the wallets already read that match, then the
 * registry's answer (at most 100); searches go out 300 ms after typing pauses and at least
 * 300 ms apart. Installed wallets are marked and connect directly.
 */
export default function AllWalletsView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const settings = useWalletsSettings()
  const connectors = useConnectors()
  const searchId = useId()
  const [query, setQuery] = useState('')
  const [answer, setAnswer] = useState<SearchAnswer | undefined>(undefined)

  // Compared by value: a settings object that is equal but new (a state update elsewhere)
  // must not start the list over.
  const filterKey = JSON.stringify([settings.includeWalletIds, settings.excludeWalletIds, settings.chains])
  const filters = useMemo(() => {
    const [include, exclude, chains] = JSON.parse(filterKey) as string[][]
    return { include, exclude, chains }
  }, [filterKey])
  const pages = useMemo(
    () => walletPages((page) => fetchWallets(kernel, { page, entries: WALLETS_PAGE_SIZE, ...filters })),
    [kernel, filters],
  )
  // Not disposed on cleanup: React may run this effect again on the same list (a remount
  // of a kept tree), which must go on reading; an answer for a list no one shows is harmless.
  useEffect(() => {
    pages.loadMore()
  }, [pages])
  const read = useSyncExternalStore(pages.subscribe, pages.get, pages.get)

  const search = useMemo(
    () =>
      spacedSearch({
        gapMs: WALLETS_SEARCH_GAP_MS,
        run: (text, signal) =>
          fetchWallets(kernel, { page: 1, entries: WALLETS_SEARCH_LIMIT, search: text, signal, ...filters }),
        onAnswer: (text, found) => setAnswer({ query: text, status: 'done', wallets: found.wallets }),
        onError: (text) => setAnswer({ query: text, status: 'failed' }),
      }),
    [kernel, filters],
  )
  useEffect(() => () => search.cancel(), [search])

  const text = query.trim()
  const onType = (value: string) => {
    setQuery(value)
    if (value.trim()) search.type(value.trim())
    else search.cancel()
  }
  // What was found for an earlier text helps answer the current one at once.
  const known = useMemo(
    () => (answer?.status === 'done' ? [...answer.wallets, ...read.wallets] : read.wallets),
    [answer, read.wallets],
  )
  const answered = text !== '' && answer?.query === text ? answer : undefined
  const shown: readonly RegistryWallet[] =
    text === ''
      ? read.wallets
      : answered?.status === 'done'
        ? answered.wallets
        : uniqueById(matchLoaded(known, text, WALLETS_SEARCH_LIMIT))
  const searching = text !== '' && answered === undefined
  const failed = text === '' ? read.failed && read.wallets.length === 0 : answered?.status === 'failed'

  const scroller = useRef<HTMLDivElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const paging = text === '' && !read.failed && pages.hasMore()
  // Re-observed after each page: a sentinel still in view then asks for the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page count re-arms the observer
  useEffect(() => {
    const root = scroller.current
    const end = sentinel.current
    if (!paging || !root || !end || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) pages.loadMore()
      },
      { root, rootMargin: PREFETCH_MARGIN },
    )
    observer.observe(end)
    return () => observer.disconnect()
  }, [paging, pages, read.wallets.length])

  const retry = () => (text === '' ? pages.retry() : search.type(text))

  return (
    <div className="lk-stack" data-latchkit="all-wallets">
      <style>{walletsCss}</style>
      <label htmlFor={searchId} className="lk-sr">
        {t('wallets.search')}
      </label>
      <input
        id={searchId}
        className="lk-input"
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={t('wallets.search')}
        value={query}
        data-latchkit="wallets-search"
        onChange={(event) => onType(event.currentTarget.value)}
      />
      <div ref={scroller} className="lk-wallets-scroller" data-latchkit="wallets-scroller">
        {failed ? (
          <div className="lk-center" data-latchkit="wallets-error">
            <p className="lk-error" role="alert">
              {t('wallets.failed')}
            </p>
            <button type="button" className="lk-secondary" onClick={retry}>
              {t('wallets.retry')}
            </button>
          </div>
        ) : shown.length === 0 && (searching || read.count === undefined) ? (
          <div className="lk-skeleton" data-latchkit="wallets-loading" />
        ) : shown.length === 0 ? (
          <p className="lk-center lk-muted" data-latchkit="wallets-empty">
            {text ? t('wallets.noMatch', { query: text }) : t('wallets.none')}
          </p>
        ) : (
          <ul
            className="lk-wallets-list"
            aria-label={t('wallets.list')}
            data-latchkit="wallets-list"
            data-query={answered ? text : ''}
            aria-busy={searching || read.loading}
          >
            {shown.map((wallet) => (
              <WalletRow key={wallet.id} wallet={wallet} installed={installedConnector(wallet, connectors)} />
            ))}
          </ul>
        )}
        {text === '' && read.failed && read.wallets.length > 0 && (
          <div className="lk-center" data-latchkit="wallets-page-error">
            <p className="lk-error" role="alert">
              {t('wallets.failed')}
            </p>
            <button type="button" className="lk-secondary" onClick={retry}>
              {t('wallets.retry')}
            </button>
          </div>
        )}
        {paging && <div ref={sentinel} data-latchkit="wallets-end" style={{ height: 1 }} />}
        {(read.loading && text === '' && read.wallets.length > 0) || (searching && shown.length > 0) ? (
          <p className="lk-center lk-muted" role="status" data-latchkit="wallets-loading-more">
            {searching ? t('wallets.searching') : t('wallets.loadingMore')}
          </p>
        ) : null}
      </div>
      {text === '' && read.count !== undefined && (
        <p className="lk-muted lk-center" data-latchkit="wallets-shown">
          {numberFormat(tag).format(read.wallets.length)} / {numberFormat(tag).format(read.count)}
        </p>
      )}
    </div>
  )
}

function uniqueById(wallets: readonly RegistryWallet[]): RegistryWallet[] {
  const seen = new Set<string>()
  return wallets.filter((wallet) => !seen.has(wallet.id) && seen.add(wallet.id) !== undefined)
}
