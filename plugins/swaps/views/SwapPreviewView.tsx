'use client'
import { formatUnits } from 'latchkit'
import { getCapabilities } from 'latchkit/adapters/evm'
import { useKernel, useLocaleTag, useNetwork, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { approveSwap } from '../approveSwap'
import { executeSwap } from '../executeSwap'
import { fetchSwapAllowance } from '../fetchSwapAllowance'
import { minimumOutOf, type PreparedSwap, prepareSwap } from '../prepareSwap'
import { swapsSlice } from '../slice'
import { APPROVE_GAS_BUDGET, SWAP_GAS_BUDGET, shownAmount } from '../swapAmount'
import { isNativeSwapToken } from '../swapTokens'
import { watchSwapQuotes } from '../watchSwapQuotes'
import { describeSwapError } from './describeSwapError'
import { percentText, rateText, usdWorth } from './format'
import { swapsCss } from './swapsCss'
import { useSwapsState } from './useSwapsState'

/** The swap the form describes now, or why it cannot be made (the form changed meanwhile). */
function currentSwap(kernel: Parameters<typeof prepareSwap>[0]): PreparedSwap | string {
  try {
    return prepareSwap(kernel)
  } catch (reason) {
    return (reason as { shortMessage?: string }).shortMessage ?? String(reason)
  }
}

/**
 * Review Swap: what is paid and received (in USD where prices are known), the rate, price
 * impact, maximum slippage with the minimum received, network cost and provider fee; then
 * Approve (when the router may not yet spend the amount) and Swap, each through the wallet;
 * with a wallet that takes bundles of calls (EIP-5792), one "Approve and swap" instead.
 * The quote keeps refreshing; a swap the pools moved past the slippage of is refused
 * before the wallet is asked.
 */
export default function SwapPreviewView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const { caipNetwork } = useNetwork()
  const state = useSwapsState()
  const [error, setError] = useState<string>()
  const swap = currentSwap(kernel)
  const ready = typeof swap !== 'string'

  useEffect(() => watchSwapQuotes(kernel), [kernel])
  // Whether the router may already spend the amount: read once per token (approveSwap
  // reads it again after an approval), not with every refreshed quote.
  const sourceAddress = ready && !isNativeSwapToken(swap.source) ? swap.source.address : undefined
  const owner = ready ? swap.address : undefined
  useEffect(() => {
    if (!caipNetwork || !sourceAddress || !owner) return
    let live = true
    fetchSwapAllowance(kernel, { network: caipNetwork, token: sourceAddress, owner }).then(
      (allowance) => {
        if (!live) return
        swapsSlice(kernel).set((draft) => {
          draft.allowance = allowance
        })
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [kernel, caipNetwork, sourceAddress, owner])

  // Whether the wallet takes approve + swap as one bundle: asked once per account and network.
  const [bundles, setBundles] = useState(false)
  useEffect(() => {
    if (!caipNetwork || !owner) return
    let live = true
    getCapabilities(kernel).then(
      (capabilities) => live && setBundles(capabilities !== undefined),
      () => live && setBundles(false),
    )
    return () => {
      live = false
    }
  }, [kernel, caipNetwork, owner])

  if (!ready || !caipNetwork) {
    return (
      <div className="lk-stack" data-latchkit="swap-preview">
        <p role="alert" className="lk-error" data-latchkit="swap-error">
          {typeof swap === 'string' ? swap : t('swaps.failed')}
        </p>
        <button type="button" className="lk-secondary" onClick={() => kernel.router.goBack()}>
          {t('swaps.cancel')}
        </button>
      </div>
    )
  }

  const { source, target, quote, amount } = swap
  const busy = state.status !== 'idle'
  const native = caipNetwork.nativeCurrency
  const gas = (SWAP_GAS_BUDGET + (swap.needsApproval ? APPROVE_GAS_BUDGET : 0n)) * (state.gasPrice ?? 0n)
  const nativePrice = kernel
    .getState()
    .accounts.eip155?.tokenBalance.find(
      (token) => token.chainId === caipNetwork.caipNetworkId && !token.address,
    )?.price
  const fee = (amount * BigInt(Math.round(quote.providerFee * 100))) / 10_000n

  const approve = async () => {
    setError(undefined)
    try {
      await approveSwap(kernel)
    } catch (reason) {
      setError(describeSwapError(reason, t, t('swaps.approveFailed')))
    }
  }
  const confirm = async () => {
    setError(undefined)
    try {
      const done = await executeSwap(kernel)
      kernel.snackbar.success(
        t('swaps.swapped', { amount: done.amount, from: done.fromSymbol, to: done.toSymbol }),
      )
      kernel.router.reset('Account')
    } catch (reason) {
      setError(describeSwapError(reason, t, t('swaps.failed')))
    }
  }

  return (
    <div className="lk-stack" data-latchkit="swap-preview">
      <style>{swapsCss}</style>
      <div className="lk-swap-panel">
        <span>{t('swaps.from')}</span>
        <strong data-latchkit="swap-preview-from">
          {shownAmount(amount, source.decimals)} {source.symbol}
        </strong>
        <span>{usdWorth(amount, source.decimals, source.price, tag)}</span>
      </div>
      <div className="lk-swap-panel">
        <span>{t('swaps.to')}</span>
        <strong data-latchkit="swap-preview-to">
          {shownAmount(quote.toAmount, target.decimals)} {target.symbol}
        </strong>
        <span>{usdWorth(quote.toAmount, target.decimals, target.price, tag)}</span>
      </div>
      <dl className="lk-facts">
        <dt>{t('swaps.rate')}</dt>
        <dd data-latchkit="swap-rate">
          {rateText(amount, source.decimals, source.symbol, quote.toAmount, target.decimals, target.symbol)}
        </dd>
        <dt>{t('swaps.priceImpact')}</dt>
        <dd data-latchkit="swap-price-impact">{percentText(quote.priceImpact)}</dd>
        <dt>{t('swaps.slippage')}</dt>
        <dd data-latchkit="swap-slippage">{percentText(state.settings.slippage)}</dd>
        <dt>{t('swaps.minimumReceived')}</dt>
        <dd data-latchkit="swap-minimum">
          {shownAmount(minimumOutOf(quote.toAmount, state.settings.slippage), target.decimals)}{' '}
          {target.symbol}
        </dd>
        <dt>{t('swaps.networkCost')}</dt>
        <dd data-latchkit="swap-network-cost">
          {state.gasPrice === undefined
            ? '-'
            : `${shownAmount(gas, native.decimals)} ${native.symbol}${
                nativePrice ? ` (${usdWorth(gas, native.decimals, nativePrice, tag)})` : ''
              }`}
        </dd>
        <dt>{t('swaps.providerFee')}</dt>
        <dd data-latchkit="swap-provider-fee">
          {percentText(quote.providerFee)} · {formatUnits(fee, source.decimals).slice(0, 12)} {source.symbol}
        </dd>
      </dl>
      {swap.needsApproval && <p className="lk-muted">{t('swaps.approveWhy', { symbol: source.symbol })}</p>}
      {error && (
        <p role="alert" className="lk-error" data-latchkit="swap-error">
          {error}
        </p>
      )}
      {swap.needsApproval && !bundles ? (
        <button
          type="button"
          className="lk-primary"
          disabled={busy}
          onClick={approve}
          data-latchkit="swap-approve"
        >
          {state.status === 'approving'
            ? t('swaps.approving')
            : t('swaps.approve', { symbol: source.symbol })}
        </button>
      ) : (
        <button
          type="button"
          className="lk-primary"
          disabled={busy}
          onClick={confirm}
          data-latchkit="swap-confirm"
        >
          {state.status === 'swapping'
            ? t('swaps.swapping')
            : swap.needsApproval
              ? t('swaps.approveAndSwap', { symbol: source.symbol })
              : t('swaps.swap')}
        </button>
      )}
      <button type="button" className="lk-secondary" disabled={busy} onClick={() => kernel.router.goBack()}>
        {t('swaps.cancel')}
      </button>
    </div>
  )
}

// The loader registers these with the kernel's i18n before the view renders (swaps.ts).
export { swapsViewStrings as viewStrings } from './viewStrings'
