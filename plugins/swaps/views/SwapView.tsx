'use client'
import { parseUnits, refreshTokenBalances, switchNetwork } from 'latchkit'
import {
  formatBalance,
  safeImageUrl,
  useAccount,
  useKernel,
  useLocaleTag,
  useNetwork,
  useT,
} from 'latchkit/react'
import { type FormEvent, type ReactElement, useEffect, useMemo, useState } from 'react'
import { fetchSwapGasPrice } from '../fetchSwapGasPrice'
import { fetchSwapTokens } from '../fetchSwapTokens'
import { swapsMessages } from '../messages'
import { prepareSwap } from '../prepareSwap'
import { swapsSlice } from '../slice'
import type { SwapsState, SwapToken } from '../state'
import { maxSwapAmount, shownAmount, swapBaseUnits } from '../swapAmount'
import { swapUnavailability } from '../swapAvailability'
import { heldSwapTokens, isNativeSwapToken, sameToken, swapTokenLists } from '../swapTokens'
import { watchSwapQuotes } from '../watchSwapQuotes'
import { describeSwapError } from './describeSwapError'
import { usdWorth } from './format'
import { swapsCss } from './swapsCss'
import { TokenPicker } from './TokenPicker'
import { useSwapsState } from './useSwapsState'

/** The token button of one side: its icon and symbol, or 'Select token'. */
function TokenButton(props: {
  token: SwapToken | undefined
  side: string
  onClick: () => void
}): ReactElement {
  const t = useT()
  const icon = safeImageUrl(props.token?.logoUri)
  return (
    <button
      type="button"
      className="lk-swap-token"
      onClick={props.onClick}
      data-latchkit={`swap-${props.side}-token`}
    >
      {icon && <img src={icon} alt="" />}
      {props.token?.symbol ?? t('swaps.pickToken')}
    </button>
  )
}

/** The amount of the typed field in base units, or undefined while it is not one. */
function typedAmount(state: SwapsState): bigint | undefined {
  if (!state.sourceToken) return undefined
  try {
    return swapBaseUnits(state.maxAmount ?? state.sourceTokenAmount, state.sourceToken)
  } catch {
    return undefined
  }
}

/**
 * Swap: the token to pay with and its amount (or Max, which leaves the native currency
 * needed for gas), the token to receive with the router's quote, a switch between them,
 * and a token picker over the account's tokens and suggested ones. Quotes follow the
 * typing once it pauses and are refreshed while the view is open.
 */
export default function SwapView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  const state = useSwapsState()
  const [picking, setPicking] = useState<'source' | 'target'>()
  const [error, setError] = useState<string>()
  const unavailable = caipNetwork ? swapUnavailability(kernel) : undefined

  const held = useMemo(
    () => (caipNetwork ? heldSwapTokens(account, caipNetwork) : []),
    [account, caipNetwork],
  )
  const lists = useMemo(() => swapTokenLists(held, state.suggestedTokens), [held, state.suggestedTokens])
  // The form's tokens carry the balances as they are now.
  const current = (token: SwapToken | undefined) =>
    token && (lists.held.find((item) => sameToken(item, token)) ?? { ...token, balance: undefined })
  const source = current(state.sourceToken)
  const target = current(state.toToken)

  // The API's tokens and fresh balances when the view opens on a swap network.
  useEffect(() => {
    if (!caipNetwork || unavailable) return
    let live = true
    void refreshTokenBalances(kernel).catch(() => {})
    fetchSwapTokens(kernel, caipNetwork).then(
      (tokens) => {
        if (!live) return
        swapsSlice(kernel).set((draft) => {
          draft.suggestedTokens = tokens
          // Start from the native currency, as most swaps do.
          if (!draft.sourceToken) draft.sourceToken = tokens.find(isNativeSwapToken)
        })
      },
      (reason) => live && setError(describeSwapError(reason, t, t('swaps.failed'))),
    )
    fetchSwapGasPrice(kernel, caipNetwork).then(
      (gasPrice) => {
        if (!live) return
        swapsSlice(kernel).set((draft) => {
          draft.gasPrice = gasPrice
        })
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [kernel, caipNetwork, unavailable, t])

  // Quotes follow the form while the view is open.
  useEffect(() => (unavailable ? undefined : watchSwapQuotes(kernel)), [kernel, unavailable])

  if (unavailable && caipNetwork) {
    return <Unavailable network={caipNetwork.name} message={swapsMessages[unavailable]} />
  }
  if (picking) {
    return (
      <TokenPicker
        held={lists.held}
        suggested={lists.suggested}
        onClose={() => setPicking(undefined)}
        onPick={(token) => {
          setPicking(undefined)
          setError(undefined)
          swapsSlice(kernel).set((draft) => {
            const other = picking === 'source' ? draft.toToken : draft.sourceToken
            // Picking the other side's token swaps the two rather than pairing a token with itself.
            if (sameToken(other, token)) {
              draft.toToken = picking === 'source' ? draft.sourceToken : token
              draft.sourceToken = picking === 'source' ? token : draft.toToken
            }
            if (picking === 'source') draft.sourceToken = token
            else draft.toToken = token
            if (picking === 'source') {
              draft.maxAmount = undefined
              draft.allowance = undefined
            }
          })
        }}
      />
    )
  }

  const edit = (recipe: (draft: SwapsState) => void) => {
    setError(undefined)
    swapsSlice(kernel).set(recipe)
  }
  const amount = typedAmount(state)
  const balance = source?.balance !== undefined ? parseUnits(source.balance, source.decimals) : 0n
  const tooMuch = amount !== undefined && source !== undefined && amount > balance
  const quoteMatches =
    state.quote &&
    state.quote.from === source?.address &&
    state.quote.to === target?.address &&
    state.quote.fromAmount === amount
  const toAmount = quoteMatches ? state.quote?.toAmount : undefined

  const label =
    !source || !target
      ? t('swaps.pickToken')
      : !amount
        ? t('swaps.enterAmount')
        : tooMuch
          ? describeSwapError({ code: 'SWAP_INSUFFICIENT_BALANCE' }, t, 'Insufficient balance')
          : state.quoteProblem
            ? describeSwapError(state.quoteProblem, t, state.quoteProblem.message)
            : state.loadingQuote || !toAmount
              ? t('swaps.quoting')
              : t('swaps.review')
  const ready = Boolean(
    source && target && amount && !tooMuch && !state.quoteProblem && toAmount && !state.loadingQuote,
  )

  const review = (event: FormEvent) => {
    event.preventDefault()
    try {
      prepareSwap(kernel)
    } catch (reason) {
      setError(describeSwapError(reason, t, t('swaps.failed')))
      return
    }
    kernel.router.push('SwapPreview')
  }
  const fillMax = () => {
    if (!source) return
    const exact = maxSwapAmount(source, state.gasPrice ?? 0n)
    edit((draft) => {
      draft.sourceTokenAmount = shownAmount(exact, source.decimals)
      draft.maxAmount = exact === 0n ? undefined : formatUnitsExact(exact, source.decimals)
    })
  }
  const flip = () =>
    edit((draft) => {
      const next = toAmount !== undefined && target ? shownAmount(toAmount, target.decimals) : ''
      ;[draft.sourceToken, draft.toToken] = [draft.toToken, draft.sourceToken]
      draft.sourceTokenAmount = next
      draft.maxAmount = undefined
      draft.allowance = undefined
    })

  return (
    <form className="lk-stack" onSubmit={review} noValidate data-latchkit="swap-form">
      <style>{swapsCss}</style>
      <div className="lk-swap-panel">
        <span>{t('swaps.from')}</span>
        <div className="lk-swap-line">
          <input
            className="lk-swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            aria-label={t('swaps.from')}
            value={state.sourceTokenAmount}
            onChange={(event) => {
              const typed = event.currentTarget.value
              edit((draft) => {
                draft.sourceTokenAmount = typed
                draft.maxAmount = undefined
              })
            }}
            data-latchkit="swap-amount"
          />
          <TokenButton token={source} side="source" onClick={() => setPicking('source')} />
        </div>
        <div className="lk-swap-meta">
          <span data-latchkit="swap-source-worth">
            {source && usdWorth(amount, source.decimals, source.price, tag)}
          </span>
          {source && (
            <span>
              <span data-latchkit="swap-balance">
                {t('swaps.balance', {
                  balance: formatBalance(source.balance ?? '0', source.symbol, tag) ?? '0',
                })}
              </span>{' '}
              <button type="button" className="lk-secondary" onClick={fillMax} data-latchkit="swap-max">
                {t('swaps.max')}
              </button>
            </span>
          )}
        </div>
      </div>
      <button
        type="button"
        className="lk-swap-switch"
        aria-label={t('swaps.switch')}
        onClick={flip}
        data-latchkit="swap-switch"
      >
        ⇅
      </button>
      <div className="lk-swap-panel">
        <span>{t('swaps.to')}</span>
        <div className="lk-swap-line">
          <output className="lk-swap-amount" aria-label={t('swaps.to')} data-latchkit="swap-to-amount">
            {toAmount !== undefined && target ? shownAmount(toAmount, target.decimals) : '0'}
          </output>
          <TokenButton token={target} side="target" onClick={() => setPicking('target')} />
        </div>
        <div className="lk-swap-meta">
          <span>{target && usdWorth(toAmount, target.decimals, target.price, tag)}</span>
          {target?.balance !== undefined && (
            <span>
              {t('swaps.balance', { balance: formatBalance(target.balance, target.symbol, tag) ?? '0' })}
            </span>
          )}
        </div>
      </div>
      {error && (
        <p role="alert" className="lk-error" data-latchkit="swap-error">
          {error}
        </p>
      )}
      <button type="submit" className="lk-primary" disabled={!ready} data-latchkit="swap-review">
        {label}
      </button>
    </form>
  )
}

/** The exact decimal text of a base-unit amount (Max keeps it while the field shows it rounded). */
function formatUnitsExact(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * Swaps on a network that has none: which networks do, with a button for each the app
 * configured, so the visitor can go there.
 */
function Unavailable({ network, message }: { network: string; message: string }): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const state = useSwapsState()
  const [error, setError] = useState<string>()
  const configured = kernel
    .networks()
    .filter(
      (item) =>
        state.settings.chains.includes(item.caipNetworkId) &&
        (state.serverChains?.includes(item.caipNetworkId) ?? true),
    )
  return (
    <div className="lk-stack" data-latchkit="swap-unavailable">
      <p role="alert" className="lk-error">
        {message}
      </p>
      <p className="lk-muted">{t('swaps.unavailableOn', { network })}</p>
      {configured.map((item) => (
        <button
          key={item.caipNetworkId}
          type="button"
          className="lk-row"
          onClick={() =>
            switchNetwork(kernel, { caipNetworkId: item.caipNetworkId }).catch((reason) =>
              setError(describeSwapError(reason, t, t('swaps.failed'))),
            )
          }
        >
          <span className="lk-grow">{t('swaps.switchTo', { network: item.name })}</span>
        </button>
      ))}
      {error && <p className="lk-error">{error}</p>}
    </div>
  )
}

// The loader registers these with the kernel's i18n before the view renders (swaps.ts).
export { swapsViewStrings as viewStrings } from './viewStrings'
