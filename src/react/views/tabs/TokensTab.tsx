'use client'
import { refreshTokenBalances, type TokenBalance } from 'latchkit'
import { type ReactElement, useEffect, useState } from 'react'
import {
  formatBalance,
  numberFormat,
  safeImageUrl,
  useAccount,
  useKernel,
  useLocaleTag,
  useRefreshAfterTransactions,
  useT,
  ViewSkeleton,
} from '../kit'

const USD = { style: 'currency', currency: 'USD' } as const

/** `$1,234.50` ('1.234,50 $' in de), or nothing when the value is unknown (no price without an API). */
export function formatUsd(value: number | undefined, tag = 'en'): string | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined
  return numberFormat(tag, USD).format(value)
}

function TokenRow({ token }: { token: TokenBalance }): ReactElement {
  const tag = useLocaleTag()
  const icon = safeImageUrl(token.iconUrl)
  const value = formatUsd(token.value, tag)
  return (
    <li className="lk-row" style={{ cursor: 'default' }} data-token={token.symbol}>
      {icon ? (
        <img src={icon} alt="" width={32} height={32} />
      ) : (
        <span className="lk-tile" aria-hidden="true">
          {token.symbol.slice(0, 1)}
        </span>
      )}
      <span className="lk-grow">
        <span data-latchkit="token-name">{token.name}</span>
        <br />
        <span className="lk-muted" data-latchkit="token-amount">
          {formatBalance(token.quantity.numeric, token.symbol, tag)}
        </span>
      </span>
      {value && <span data-latchkit="token-value">{value}</span>}
    </li>
  )
}

/**
 * The Tokens tab: the account's token balances (icon, name, amount with 3 decimals, USD
 * value) and their total, as `refreshTokenBalances` leaves them in the store (filtered and
 * sorted). Reads on open and after every sent transaction.
 */
export default function TokensTab(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const { caipAddress, tokenBalance } = useAccount()
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    if (!caipAddress) return
    let live = true
    setLoading(true)
    void refreshTokenBalances(kernel).finally(() => {
      if (live) setLoading(false)
    })
    return () => {
      live = false
    }
  }, [kernel, caipAddress])
  useRefreshAfterTransactions(kernel, () => void refreshTokenBalances(kernel, { force: true }))

  if (loading && tokenBalance.length === 0) return <ViewSkeleton />
  if (tokenBalance.length === 0) {
    return (
      <p className="lk-center lk-muted" data-latchkit="tokens-empty">
        {t('tokens.empty')}
      </p>
    )
  }
  const total = formatUsd(
    tokenBalance.reduce((sum, balance) => sum + (balance.value ?? 0), 0),
    tag,
  )
  return (
    <div className="lk-stack">
      {tokenBalance.some((token) => token.value !== undefined) && (
        <p className="lk-section">
          {t('tokens.total')} <strong data-latchkit="tokens-total">{total}</strong>
        </p>
      )}
      <ul className="lk-list" aria-label={t('tokens.list')}>
        {tokenBalance.map((token) => (
          <TokenRow key={`${token.chainId}:${token.address ?? token.symbol}`} token={token} />
        ))}
      </ul>
    </div>
  )
}
