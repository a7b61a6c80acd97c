'use client'
import { formatBalance, safeImageUrl, useLocaleTag, useT } from 'latchkit/react'
import { type ReactElement, useId, useState } from 'react'
import type { SwapToken } from '../state'
import { searchSwapTokens } from '../swapTokens'
import { swapsCss } from './swapsCss'

export interface TokenPickerProps {
  held: readonly SwapToken[]
  suggested: readonly SwapToken[]
  onPick: (token: SwapToken) => void
  onClose: () => void
}

/** One token of the picker: icon, symbol and name, and the balance when the account holds it. */
function TokenRow({ token, onPick }: { token: SwapToken; onPick: (token: SwapToken) => void }): ReactElement {
  const tag = useLocaleTag()
  const icon = safeImageUrl(token.logoUri)
  return (
    <li>
      <button
        type="button"
        className="lk-row"
        data-latchkit="swap-token-option"
        data-symbol={token.symbol}
        onClick={() => onPick(token)}
      >
        {icon ? <img src={icon} alt="" /> : <span className="lk-tile">{token.symbol.slice(0, 1)}</span>}
        <span className="lk-grow">
          {token.symbol}
          <small className="lk-muted lk-reason">{token.name}</small>
        </span>
        {token.balance !== undefined && (
          <span className="lk-muted">{formatBalance(token.balance, undefined, tag)}</span>
        )}
      </button>
    </li>
  )
}

/** A heading and its tokens. */
function TokenSection(props: {
  title: string
  tokens: readonly SwapToken[]
  onPick: (token: SwapToken) => void
}): ReactElement {
  return (
    <section>
      <h3>{props.title}</h3>
      <ul className="lk-swap-list">
        {props.tokens.map((token) => (
          <TokenRow key={token.address} token={token} onPick={props.onPick} />
        ))}
      </ul>
    </section>
  )
}

/**
 * The token picker: a search over the account's tokens and the swap API's suggested ones
 * (by symbol, name or address), the account's first.
 */
export function TokenPicker({ held, suggested, onPick, onClose }: TokenPickerProps): ReactElement {
  const t = useT()
  const id = useId()
  const [search, setSearch] = useState('')
  const mine = searchSwapTokens(held, search)
  const others = searchSwapTokens(suggested, search)
  return (
    <div className="lk-stack" data-latchkit="swap-token-picker">
      <style>{swapsCss}</style>
      <div className="lk-swap-line">
        <label htmlFor={id} className="lk-grow">
          <input
            id={id}
            className="lk-input"
            placeholder={t('swaps.search')}
            aria-label={t('swaps.search')}
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-latchkit="swap-token-search"
          />
        </label>
        <button type="button" className="lk-secondary" onClick={onClose}>
          {t('swaps.close')}
        </button>
      </div>
      <div className="lk-swap-lists">
        {mine.length > 0 && <TokenSection title={t('swaps.yourTokens')} tokens={mine} onPick={onPick} />}
        {others.length > 0 && <TokenSection title={t('swaps.suggested')} tokens={others} onPick={onPick} />}
        {mine.length + others.length === 0 && <p className="lk-muted">{t('swaps.noTokens')}</p>}
      </div>
    </div>
  )
}
