'use client'
import type { Kernel } from 'latchkit'
import { isUserRejection } from 'latchkit'
import { type Translate, useKernel, useLocaleTag, useNetwork, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { keepSendFee } from '../estimateSendFee'
import { type PreparedSend, prepareSend } from '../prepareSend'
import { sendToken } from '../sendToken'
import { sendWarnings } from '../sendWarnings'
import { sendSlice } from '../slice'
import { describeSendError } from './describeSendError'
import { formatFee } from './format'
import { sendCss } from './sendCss'
import { useSendState } from './useSendState'

/**
 * SendPreview: what will be sent, to whom, on which network and for what fee; Send asks
 * the wallet. Success: a snackbar with the hash, the form cleared, back to
 * Account. A declined prompt or a failure: the form stays as typed, the visitor is told.
 */
export default function SendPreviewView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const state = useSendState()
  const { caipNetwork } = useNetwork()
  const [problem, setProblem] = useState<string>()
  const [accepted, setAccepted] = useState(false)
  const [feeStatus, setFeeStatus] = useState<'ready' | 'estimating' | 'failed'>(
    state.fee ? 'ready' : 'estimating',
  )

  // Checked on every render, which every change of the send state causes: the balance
  // may drop while this is open.
  const checked = check(kernel, t)

  // A visitor quicker than the form's estimate arrives here without a fee: estimate it
  // here, with Confirm disabled until it is known (or known to be unavailable), so the
  // fee is never 'Unavailable' only because of the click's timing.
  useEffect(() => {
    if (sendSlice(kernel).get().fee) return setFeeStatus('ready')
    let send: PreparedSend
    try {
      send = prepareSend(kernel)
    } catch {
      return setFeeStatus('failed')
    }
    let current = true
    setFeeStatus('estimating')
    const params = {
      namespace: send.namespace,
      to: send.to,
      value: send.value,
      tokenAddress: send.tokenAddress,
    }
    void keepSendFee(kernel, params, () => !current).then((status) => {
      if (status !== 'stale') setFeeStatus(status === 'found' ? 'ready' : 'failed')
    })
    return () => {
      current = false
    }
  }, [kernel])

  const confirm = async () => {
    setProblem(undefined)
    kernel.snackbar.loading(t('send.sending'))
    try {
      const { hash, explorerUrl } = await sendToken(kernel)
      const link = explorerUrl ? { href: explorerUrl, label: t('send.viewOnExplorer') } : undefined
      const copy = { text: hash, label: t('send.copyHash') }
      kernel.snackbar.success(t('send.sent', { hash: shortHash(hash) }), { link, copy })
      kernel.router.reset('Account')
    } catch (reason) {
      const message = isUserRejection(reason) ? t('send.declined') : describeSendError(reason, t)
      kernel.logger.warn('send failed', reason)
      setProblem(message)
      kernel.snackbar.error(message)
    }
  }

  if ('error' in checked && !state.loading) {
    return (
      <div className="lk-stack">
        <p role="alert" className="lk-error" data-latchkit="send-error">
          {checked.error}
        </p>
        <button type="button" className="lk-secondary" onClick={() => kernel.router.goBack()}>
          {t('send.cancel')}
        </button>
      </div>
    )
  }
  const send = 'send' in checked ? checked.send : undefined
  const warnings = send ? sendWarnings(kernel, send) : []
  return (
    <div className="lk-stack" data-latchkit="send-preview-view">
      <style>{sendCss}</style>
      <p className="lk-amount" data-latchkit="send-preview-amount">
        {send?.amount} {send?.token.symbol}
      </p>
      <dl className="lk-facts">
        <dt>{t('send.receiver')}</dt>
        <dd data-latchkit="send-preview-receiver">
          {state.receiverProfileName && <div>{state.receiverProfileName}</div>}
          <span className="lk-mono">{send?.to}</span>
        </dd>
        <dt>{t('send.network')}</dt>
        <dd>{caipNetwork?.name}</dd>
        <dt>{t('send.fee')}</dt>
        <dd data-latchkit="send-fee">
          {state.fee
            ? formatFee(state.fee, tag)
            : feeStatus === 'estimating'
              ? t('send.feeEstimating')
              : t('send.feeUnavailable')}
        </dd>
      </dl>
      {warnings.length > 0 && (
        <div className="lk-warning" data-latchkit="send-warning">
          {warnings.map((warning) => (
            <p key={warning}>{t(`send.warning.${warning}`)}</p>
          ))}
          <label>
            <input
              type="checkbox"
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
              data-latchkit="send-warning-accept"
            />{' '}
            {t('send.warning.accept')}
          </label>
        </div>
      )}
      {problem && (
        <p role="alert" className="lk-error" data-latchkit="send-error">
          {problem}
        </p>
      )}
      <div className="lk-actions">
        <button
          type="button"
          className="lk-secondary"
          disabled={state.loading}
          onClick={() => kernel.router.goBack()}
        >
          {t('send.cancel')}
        </button>
        <button
          type="button"
          className="lk-primary"
          disabled={state.loading || feeStatus === 'estimating' || (warnings.length > 0 && !accepted)}
          onClick={confirm}
          data-latchkit="send-confirm"
        >
          {t('send.confirm')}
        </button>
      </div>
    </div>
  )
}

function check(kernel: Kernel, t: Translate): { send: PreparedSend } | { error: string } {
  try {
    return { send: prepareSend(kernel) }
  } catch (reason) {
    return { error: describeSendError(reason, t) }
  }
}

/** Long enough to recognise in an explorer, short enough for a snackbar. */
function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}...${hash.slice(-6)}` : hash
}

// The loader registers these with the kernel's i18n before the view renders (send.ts).
export { sendViewStrings as viewStrings } from './viewStrings'
