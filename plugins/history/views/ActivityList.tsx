'use client'
import { useVirtualizer } from '@tanstack/react-virtual'
import { getAddressNamer } from 'latchkit'
import {
  dateTimeFormat,
  numberFormat,
  useAccount,
  useKernel,
  useLocaleTag,
  useNetwork,
  useT,
} from 'latchkit/react'
import { type ReactElement, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { describePending, describeTransaction } from '../describeTransaction'
import { groupTransactions } from '../groupTransactions'
import { loadTransactions } from '../loadTransactions'
import {
  HISTORY_POLL_MS,
  type HistoryIndexing,
  type HistoryTransaction,
  type PendingHistoryTransaction,
} from '../state'
import { type CounterpartyNames, counterpartyNames } from './counterpartyNames'
import { historyCss } from './historyCss'
import { TransactionRow } from './TransactionRow'
import { useHistoryState } from './useHistoryState'

/** Longer lists render only the rows in view; shorter ones render whole. */
export const VIRTUALIZE_FROM_ROWS = 50
/** Ask for the next page this many rows before the end. */
const PREFETCH_ROWS = 10
/** Fixed heights (historyCss sets the same), so the virtualizer never measures a row. */
const ITEM_HEIGHT = 72
const MONTH_HEIGHT = 32

// Rows are described when rendered, not when listed: 10,000 transactions list in a few
// milliseconds, and only the dozen in view are described.
type ListRow =
  | { kind: 'month'; key: string; label: string }
  | { kind: 'transaction'; key: string; transaction: HistoryTransaction }
  | { kind: 'pending'; key: string; pending: PendingHistoryTransaction }

const monthLabel = (year: number, month: number, tag: string) =>
  dateTimeFormat(tag, { month: 'long', year: 'numeric' }).format(new Date(year, month, 1))

/**
 * The account's activity on the network in view: pending transactions first, then the
 * rest by year and month, newest first, read page by page as the list scrolls. Reads the
 * first page when it opens on an account or network it has not read yet, and polls every
 * 4 s while a transaction sent from here is pending. While the API's index is catching up
 * it says so, with how far, and asks again after the API's Retry-After. The visitor's own
 * pending transactions show whatever the read answered.
 */
export function ActivityList({ height }: { height: number }): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const state = useHistoryState()
  const { address } = useAccount()
  const { caipNetwork } = useNetwork()
  const caipNetworkId = caipNetwork?.caipNetworkId
  const namespace = caipNetwork?.chainNamespace
  const [now, setNow] = useState(() => Date.now())
  // Counterparties are named when a names plugin offers it, row by row as rows render.
  const names = useMemo(() => {
    const namer = getAddressNamer(kernel)
    return namer && namespace ? counterpartyNames(namer, namespace) : undefined
  }, [kernel, namespace])

  const stale =
    address !== undefined &&
    (state.lastAccountInView !== address || state.lastNetworkInView !== caipNetworkId)
  useEffect(() => {
    if (stale) void loadTransactions(kernel, { page: 'first' })
  }, [kernel, stale])

  const pendingHere = useMemo(
    () => state.pending.filter((pending) => pending.caipNetworkId === caipNetworkId),
    [state.pending, caipNetworkId],
  )
  const waiting = pendingHere.length > 0
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      setNow(Date.now())
      void loadTransactions(kernel, { page: 'refresh' })
    }, HISTORY_POLL_MS)
    return () => clearInterval(timer)
  }, [kernel, waiting])

  const rows = useMemo(() => {
    const list: ListRow[] = pendingHere.map((pending) => ({
      kind: 'pending',
      key: `pending:${pending.hash}`,
      pending,
    }))
    for (const group of groupTransactions(state.transactions)) {
      list.push({
        kind: 'month',
        key: `month:${group.year}-${group.month}`,
        label: monthLabel(group.year, group.month, tag),
      })
      for (const transaction of group.transactions)
        list.push({ kind: 'transaction', key: transaction.id, transaction })
    }
    return list
  }, [pendingHere, state.transactions, tag])

  // The index is catching up: the same read again once the API's Retry-After has passed.
  const { indexing, loading } = state
  useEffect(() => {
    // Not while a read is out (a poll's): its answer sets the next wait.
    if (!indexing || loading) return
    const timer = setTimeout(
      () => void loadTransactions(kernel, { page: indexing.page }),
      indexing.retryAfterMs,
    )
    return () => clearTimeout(timer)
  }, [kernel, indexing, loading])

  const loadMore = useCallback(() => void loadTransactions(kernel, { page: 'more' }), [kernel])
  const canLoadMore = state.next !== undefined && !state.loading && !indexing

  if (state.error) {
    return (
      <>
        <PendingOnly rows={rows} now={now} account={address} names={names} height={height} />
        <div className="lk-center" data-latchkit="activity-error">
          <p className="lk-error" role="alert">
            {t('history.failed')}
          </p>
          <button
            type="button"
            className="lk-secondary"
            onClick={() => void loadTransactions(kernel, { page: 'first' })}
          >
            {t('history.retry')}
          </button>
        </div>
      </>
    )
  }
  if (rows.length === 0 && indexing) return <IndexingNotice indexing={indexing} />
  if (rows.length === 0 && (state.loading || stale)) {
    return <div className="lk-skeleton" data-latchkit="activity-loading" />
  }
  if (rows.length === 0) {
    return (
      <div className="lk-center" data-latchkit="activity-empty">
        <p>{t('history.empty')}</p>
        <p className="lk-muted">{t('history.emptyHint')}</p>
      </div>
    )
  }
  return (
    <>
      <style>{historyCss}</style>
      <Rows
        rows={rows}
        now={now}
        account={address}
        names={names}
        height={height}
        canLoadMore={canLoadMore}
        loadMore={loadMore}
      />
      {indexing ? (
        <IndexingNotice indexing={indexing} />
      ) : (
        state.loading && (
          <p className="lk-center lk-muted" data-latchkit="activity-loading-more">
            {t('history.loadingMore')}
          </p>
        )
      )}
    </>
  )
}

/** The index is catching up: a wait, with how far it is ("Indexing, 42%") when the API says. */
function IndexingNotice({ indexing }: { indexing: HistoryIndexing }): ReactElement {
  const t = useT()
  const tag = useLocaleTag()
  const { fraction } = indexing
  // Rounded down: 99.6 % indexed is not done, and must not read 100 %.
  const shown = fraction === null ? null : Math.floor(fraction * 100) / 100
  const percent = (share: number) =>
    numberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(share)
  return (
    <div className="lk-center" data-latchkit="activity-indexing" role="status">
      <p>{t('history.indexing')}</p>
      {shown !== null && <progress max={1} value={shown} />}
      <p className="lk-muted" data-latchkit="activity-indexing-progress">
        {shown !== null
          ? t('history.indexingPercent', { percent: percent(shown) })
          : t('history.indexingHint')}
      </p>
    </div>
  )
}

/** The visitor's own pending transactions alone (above a failed read): `rows` starts with them. */
function PendingOnly({ rows, ...rest }: Omit<RowsProps, 'canLoadMore' | 'loadMore'>): ReactElement | null {
  const pending = rows.filter((row) => row.kind === 'pending')
  if (pending.length === 0) return null
  return (
    <>
      <style>{historyCss}</style>
      <Rows rows={pending} {...rest} canLoadMore={false} loadMore={noop} />
    </>
  )
}

const noop = () => {}

function RowContent({
  item,
  now,
  account,
  names,
}: {
  item: ListRow
  now: number
  account: string | undefined
  names: CounterpartyNames | undefined
}): ReactElement {
  const tag = useLocaleTag()
  if (item.kind === 'month') {
    return (
      <h3 className="lk-activity-month" data-latchkit="activity-month">
        {item.label}
      </h3>
    )
  }
  const row =
    item.kind === 'pending'
      ? describePending(item.pending, tag)
      : describeTransaction(item.transaction, account, tag)
  return <TransactionRow row={row} now={now} names={names} />
}

type RowsProps = {
  rows: ListRow[]
  now: number
  account: string | undefined
  names: CounterpartyNames | undefined
  height: number
  canLoadMore: boolean
  loadMore: () => void
}

/**
 * The list in one scrolling box at most `height` tall. A short list renders whole, with a
 * marker at its end that asks for the next page when it scrolls into view; from
 * VIRTUALIZE_FROM_ROWS rows only the rows in view (and a few around them) are in the
 * document. The box is the same element either way, so when pages make the list long
 * enough to switch, the visitor stays where they were instead of being sent back to rows
 * they have read.
 */
function Rows({ rows, now, account, names, height, canLoadMore, loadMore }: RowsProps): ReactElement {
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = rows.length >= VIRTUALIZE_FROM_ROWS
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    enabled: virtual,
    getScrollElement: () => scroller.current,
    // Where the box already is: switched on at 0, the virtualizer would scroll it back to the top.
    initialOffset: () => scroller.current?.scrollTop ?? 0,
    estimateSize: (index) => (rows[index]?.kind === 'month' ? MONTH_HEIGHT : ITEM_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
  })
  const items = virtual ? virtualizer.getVirtualItems() : []
  const lastIndex = items.at(-1)?.index ?? 0
  useEffect(() => {
    if (virtual && canLoadMore && lastIndex >= rows.length - PREFETCH_ROWS) loadMore()
  }, [virtual, canLoadMore, lastIndex, rows.length, loadMore])

  const sentinel = useRef<HTMLDivElement>(null)
  const latest = useRef(loadMore)
  latest.current = loadMore
  useEffect(() => {
    const element = sentinel.current
    if (virtual || !canLoadMore || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { root: scroller.current },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [virtual, canLoadMore])

  return (
    <div
      ref={scroller}
      className="lk-activity"
      data-latchkit="activity-list"
      data-virtual={virtual ? 'true' : 'false'}
      style={virtual ? { height } : { maxHeight: height }}
    >
      {virtual ? (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <div
                key={item.key}
                data-index={item.index}
                className={row.kind === 'month' ? undefined : 'lk-activity-item'}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <RowContent item={row} now={now} account={account} names={names} />
              </div>
            )
          })}
        </div>
      ) : (
        <>
          {rows.map((row) => (
            <div key={row.key} className={row.kind === 'month' ? undefined : 'lk-activity-item'}>
              <RowContent item={row} now={now} account={account} names={names} />
            </div>
          ))}
          <div ref={sentinel} data-latchkit="activity-end" style={{ height: 1 }} />
        </>
      )}
    </div>
  )
}
