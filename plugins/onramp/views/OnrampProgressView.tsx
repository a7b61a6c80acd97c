'use client'
import { formatBalance, useAccount, useKernel, useLocaleTag, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { onrampSlice } from '../slice'
import { watchOnrampPurchase } from '../watchOnrampPurchase'
import { useOnrampState } from './useOnrampState'

/**
 * A purchase in the provider's window: a link to copy or open again while the provider
 * has not confirmed; then what arrived and the new balance, or 'Buy failed' (declined,
 * or no confirmation within the plugin's timeout).
 */
export default function OnrampProgressView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const account = useAccount()
  const { purchase } = useOnrampState()
  const [copied, setCopied] = useState(false)

  useEffect(() => watchOnrampPurchase(kernel), [kernel])

  if (!purchase) return <div className="lk-skeleton" />
  const provider = purchase.providerName || 'Checkout'
  const done = () => {
    onrampSlice(kernel).set((draft) => {
      draft.purchase = undefined
    })
    kernel.router.reset('Account')
  }

  if (purchase.status === 'completed') {
    const held = account.tokenBalance.find(
      (token) => token.chainId === purchase.caipNetworkId && token.symbol === purchase.symbol,
    )
    return (
      <div className="lk-stack lk-center" data-latchkit="onramp-success">
        <h3>{t('onramp.success')}</h3>
        <p data-latchkit="onramp-received">
          {t('onramp.received', { amount: purchase.received ?? '', symbol: purchase.symbol })}
        </p>
        {held && (
          <p className="lk-muted" data-latchkit="onramp-new-balance">
            {t('onramp.newBalance', {
              balance: formatBalance(held.quantity.numeric, held.symbol, tag) ?? '',
            })}
          </p>
        )}
        <button type="button" className="lk-primary" onClick={done}>
          {t('onramp.done')}
        </button>
      </div>
    )
  }
  if (purchase.status === 'failed') {
    return (
      <div className="lk-stack lk-center" data-latchkit="onramp-failed">
        <h3 role="alert" className="lk-error">
          {t('onramp.failed')}
        </h3>
        <p className="lk-muted">
          {t(purchase.failure === 'timeout' ? 'onramp.failedTimeout' : 'onramp.failedDeclined', { provider })}
        </p>
        <button
          type="button"
          className="lk-primary"
          onClick={() => {
            onrampSlice(kernel).set((draft) => {
              draft.purchase = undefined
            })
            kernel.router.goBack()
          }}
        >
          {t('onramp.tryAgain')}
        </button>
      </div>
    )
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(purchase.url)
      setCopied(true)
    } catch (error) {
      kernel.logger.warn('clipboard write failed', error)
    }
  }
  return (
    <div className="lk-stack lk-center" data-latchkit="onramp-progress">
      <p>{t('onramp.inProgress', { provider })}</p>
      <p className="lk-muted">{t('onramp.waiting', { provider })}</p>
      <button type="button" className="lk-secondary" onClick={copy} data-latchkit="onramp-copy">
        {copied ? t('onramp.linkCopied') : t('onramp.copyLink')}
      </button>
      <a href={purchase.url} target="_blank" rel="noopener noreferrer" data-latchkit="onramp-reopen">
        {t('onramp.reopen')}
      </a>
    </div>
  )
}

// The loader registers these with the kernel's i18n before the view renders (onramp.ts).
export { onrampViewStrings as viewStrings } from './viewStrings'
