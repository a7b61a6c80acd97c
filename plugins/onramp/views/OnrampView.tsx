'use client'
import { refreshTokenBalances } from 'latchkit'
import { useKernel, useNetwork, useT } from 'latchkit/react'
import { describeFailure } from 'latchkit/react/views'
import { type ReactElement, useEffect, useId, useState } from 'react'
import { checkOnrampAmount } from '../checkOnrampAmount'
import { fetchOnrampQuotes } from '../fetchOnrampQuotes'
import { loadOnrampOptions } from '../loadOnrampOptions'
import { limitsOf, purchaseCurrenciesOn } from '../purchaseCurrencies'
import { onrampSlice } from '../slice'
import { startOnrampPurchase } from '../startOnrampPurchase'
import type { OnrampQuote, OnrampState } from '../state'
import { onrampCss } from './onrampCss'
import { useOnrampState } from './useOnrampState'

/** Quotes are asked once typing pauses. */
const QUOTE_DELAY_MS = 500

/** Why the amount cannot be bought, or undefined (an empty field says nothing yet). */
function amountProblem(state: OnrampState): string | undefined {
  if (state.paymentAmount.trim() === '') return undefined
  try {
    checkOnrampAmount(state)
    return undefined
  } catch (error) {
    return (error as { shortMessage?: string }).shortMessage
  }
}

/**
 * Buy: the amount (typed or a preset) within the payment method's limits, the currency to
 * pay with and the one to buy, then a quote per provider; the chosen provider's checkout
 * opens in a window of its own, opened on the click so no popup blocker stops it.
 */
export default function OnrampView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { caipNetwork } = useNetwork()
  const state = useOnrampState()
  const ids = useId()
  const [error, setError] = useState<string>()
  const [opening, setOpening] = useState<string>()

  useEffect(() => {
    if (!caipNetwork) return
    void loadOnrampOptions(kernel, caipNetwork)
    // Prices for the estimates shown when a quote cannot be read.
    void refreshTokenBalances(kernel).catch(() => {})
  }, [kernel, caipNetwork])

  const problem = amountProblem(state)
  const ready = Boolean(state.options && state.purchaseCurrency && state.paymentAmount.trim() && !problem)
  // Quotes follow the form once typing pauses, and are asked again whenever they were
  // cleared (a change of account clears them with the form unchanged).
  const { paymentAmount, paymentCurrency, paymentMethod, purchaseCurrency, options } = state
  const noQuotes = state.quotes.length === 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's fields are what the quotes answer; fetchOnrampQuotes reads them from the slice
  useEffect(() => {
    if (!caipNetwork || !ready) return
    const timer = setTimeout(() => {
      fetchOnrampQuotes(kernel, caipNetwork).catch((reason) =>
        setError(describeFailure(reason, t('onramp.failed'), t)),
      )
    }, QUOTE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [
    kernel,
    caipNetwork,
    ready,
    paymentAmount,
    paymentCurrency,
    paymentMethod,
    purchaseCurrency,
    options,
    noQuotes,
    t,
  ])

  const edit = (recipe: (draft: OnrampState) => void) => {
    setError(undefined)
    onrampSlice(kernel).set((draft) => {
      recipe(draft)
      draft.quotes = []
    })
  }

  const buy = async (quote: OnrampQuote) => {
    setError(undefined)
    // Opened now, while the click still counts as the visitor's: a window opened after an
    // await is a popup that browsers block.
    const popup = window.open('', '_blank')
    setOpening(quote.provider)
    try {
      const purchase = await startOnrampPurchase(kernel, quote.provider)
      if (popup) {
        popup.opener = null
        popup.location.href = purchase.url
      }
      kernel.router.push('OnrampProgress')
    } catch (reason) {
      popup?.close()
      setError(describeFailure(reason, t('onramp.failed'), t))
    } finally {
      setOpening(undefined)
    }
  }

  if (!caipNetwork) return <div className="lk-skeleton" />
  const buyable = purchaseCurrenciesOn(options, caipNetwork)
  const limits = limitsOf(options, paymentCurrency, paymentMethod)
  const providerName = (id: string) => options?.providers.find((p) => p.id === id)?.name ?? (id || 'Checkout')

  return (
    <div className="lk-stack" data-latchkit="onramp-form">
      <style>{onrampCss}</style>
      {options?.fallback && (
        <p className="lk-muted" data-latchkit="onramp-fallback">
          {t('onramp.fallback')}
        </p>
      )}
      <div className="lk-field">
        <label htmlFor={`${ids}-amount`}>{t('onramp.amount')}</label>
        <div className="lk-input-row">
          <input
            id={`${ids}-amount`}
            className="lk-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={paymentAmount}
            aria-invalid={problem !== undefined}
            onChange={(event) => {
              const typed = event.currentTarget.value
              edit((draft) => {
                draft.paymentAmount = typed
              })
            }}
            data-latchkit="onramp-amount"
          />
          <select
            className="lk-input"
            aria-label={t('onramp.payWith')}
            value={paymentCurrency}
            onChange={(event) => {
              const currency = event.currentTarget.value
              edit((draft) => {
                draft.paymentCurrency = currency
              })
            }}
            data-latchkit="onramp-currency"
          >
            {(options?.paymentCurrencies ?? []).map((currency) => (
              <option key={currency.id} value={currency.id}>
                {currency.id}
              </option>
            ))}
          </select>
        </div>
        <div className="lk-presets">
          {state.settings.presets.map((amount) => (
            <button
              key={amount}
              type="button"
              className="lk-secondary"
              onClick={() =>
                edit((draft) => {
                  draft.paymentAmount = String(amount)
                })
              }
            >
              {amount} {paymentCurrency}
            </button>
          ))}
        </div>
        {limits && (
          <span className="lk-muted" data-latchkit="onramp-limits">
            {t('onramp.limits', { min: limits.min, max: limits.max, currency: paymentCurrency })}
          </span>
        )}
        {problem && (
          <span role="alert" className="lk-error" data-latchkit="onramp-amount-error">
            {problem}
          </span>
        )}
      </div>
      <label className="lk-field">
        <span>{t('onramp.method')}</span>
        <select
          className="lk-input"
          value={paymentMethod}
          onChange={(event) => {
            const method = event.currentTarget.value
            edit((draft) => {
              draft.paymentMethod = method
            })
          }}
          data-latchkit="onramp-method"
        >
          <option value="card">{t('onramp.card')}</option>
          <option value="ach_bank_account">{t('onramp.bank')}</option>
        </select>
      </label>
      <label className="lk-field">
        <span>{t('onramp.buyWhat')}</span>
        <select
          className="lk-input"
          value={purchaseCurrency ?? ''}
          onChange={(event) => {
            const id = event.currentTarget.value
            edit((draft) => {
              draft.purchaseCurrency = id
            })
          }}
          data-latchkit="onramp-asset"
        >
          {buyable.length === 0 && <option value="">{t('onramp.nothingToBuy')}</option>}
          {buyable.map((currency) => (
            <option key={currency.id} value={currency.id}>
              {currency.symbol} · {currency.name}
            </option>
          ))}
        </select>
      </label>
      {ready && (
        <section className="lk-stack" aria-label={t('onramp.quotes')} data-latchkit="onramp-quotes">
          {state.quotes.length === 0 && <p className="lk-muted">{t('onramp.quoting')}</p>}
          {state.quotes.map((quote) => {
            const fee = Number(quote.paymentTotal.amount) - Number(quote.paymentSubtotal.amount)
            return (
              <button
                key={quote.provider}
                type="button"
                className="lk-row"
                disabled={opening !== undefined}
                onClick={() => buy(quote)}
                data-latchkit="onramp-quote"
                data-provider={quote.provider}
              >
                <span className="lk-grow lk-quote">
                  <strong>{t('onramp.buyWith', { provider: providerName(quote.provider) })}</strong>
                  <span data-latchkit="onramp-quote-amount">
                    {t('onramp.youGet', {
                      amount: quote.purchaseAmount.amount,
                      symbol: quote.purchaseAmount.currency,
                    })}
                  </span>
                  {!quote.estimate && (
                    <small className="lk-muted">
                      {t('onramp.fees', { fee: fee.toFixed(2), currency: quote.paymentTotal.currency })}
                    </small>
                  )}
                </span>
                {quote.estimate && (
                  <span className="lk-tag" data-latchkit="onramp-estimate">
                    {t('onramp.estimate')}
                  </span>
                )}
              </button>
            )
          })}
        </section>
      )}
      {opening !== undefined && <p className="lk-muted">{t('onramp.opening')}</p>}
      {error && (
        <p role="alert" className="lk-error" data-latchkit="onramp-error">
          {error}
        </p>
      )}
    </div>
  )
}

// The loader registers these with the kernel's i18n before the view renders (onramp.ts).
export { onrampViewStrings as viewStrings } from './viewStrings'
