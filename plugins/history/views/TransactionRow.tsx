'use client'
import { safeImageUrl, truncateAddress, useLocaleTag, useT } from 'latchkit/react'
import type { ReactElement } from 'react'
import type { TransactionRowModel } from '../describeTransaction'
import { shortRelativeTime } from '../relativeTime'
import type { CounterpartyNames } from './counterpartyNames'
import { useCounterpartyName } from './useCounterpartyName'

/**
 * One row of the activity list: one or two images with a status badge, the past-tense
 * title, the counterparty (its name when `names` knows one, else its address shortened
 * 4 + 6), the amounts, the fee the account paid (when the API says) and when it was mined.
 */
export function TransactionRow({
  row,
  now,
  names,
}: {
  row: TransactionRowModel
  now: number
  names?: CounterpartyNames
}): ReactElement {
  const t = useT()
  const tag = useLocaleTag()
  const name = useCounterpartyName(names, row.counterparty?.address)
  const images = row.images.map((url) => safeImageUrl(url)).filter((url): url is string => url !== undefined)
  const statusLabel =
    row.status === 'pending'
      ? t('history.pending')
      : row.status === 'failed'
        ? t('history.failedStatus')
        : undefined
  return (
    <div
      className="lk-row"
      data-latchkit="activity-row"
      data-status={row.status}
      data-hash={row.hash}
      data-chain={row.chain}
    >
      <span className="lk-activity-images" aria-hidden="true">
        {images.length === 0 ? (
          <span className="lk-tile">{t(row.title).slice(0, 1)}</span>
        ) : (
          images.map((url) => <img key={url} src={url} alt="" width={32} height={32} />)
        )}
        <span className="lk-activity-badge" data-status={row.status} />
      </span>
      <span className="lk-grow">
        <span data-latchkit="activity-title">{t(row.title)}</span>
        {statusLabel && (
          <span className="lk-tag" data-latchkit="activity-status">
            {statusLabel}
          </span>
        )}
        <br />
        <span className="lk-muted" data-latchkit="activity-counterparty" title={row.counterparty?.address}>
          {row.counterparty
            ? t(row.counterparty.direction === 'to' ? 'history.to' : 'history.from', {
                address: name ?? truncateAddress(row.counterparty.address, 4, 6),
              })
            : ''}
        </span>
      </span>
      <span className="lk-activity-side">
        {row.amounts.map((amount) => (
          <span key={amount} data-latchkit="activity-amount" style={{ display: 'block' }}>
            {amount}
          </span>
        ))}
        {row.fee && (
          <span className="lk-muted" data-latchkit="activity-fee" style={{ display: 'block' }}>
            {t('history.fee', { amount: row.fee })}
          </span>
        )}
        {row.minedAt && (
          <time className="lk-muted" dateTime={row.minedAt} data-latchkit="activity-time">
            {shortRelativeTime(row.minedAt, now, tag)}
          </time>
        )}
      </span>
    </div>
  )
}
