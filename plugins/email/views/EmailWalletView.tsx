'use client'
import { useKernel, useRoute, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { completeWallet } from '../emailLogin'
import { emailCss } from './emailCss'
import { emailFailure } from './emailFailure'
import { FrameBox } from './FrameBox'

/**
 * A new person's wallet set-up, or a known person's recovery on a new device: the frame
 * draws its own screen (the recovery password) over this view's box, makes or rebuilds
 * the keys, and the login then finishes. Leaving the view stops it.
 */
export default function EmailWalletView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { step = 'SETUP_WALLET' } = useRoute<{ step?: 'SETUP_WALLET' | 'RECOVER_WALLET' }>().params ?? {}
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<unknown>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the step on Retry
  useEffect(() => {
    const controller = new AbortController()
    setFailure(undefined)
    completeWallet(kernel, step, controller.signal).catch((error) => {
      if (!controller.signal.aborted) setFailure(error)
    })
    return () => controller.abort()
  }, [kernel, step, attempt])

  return (
    <div className="lk-stack" data-latchkit="email-wallet" data-step={step}>
      <style>{emailCss}</style>
      <p className="lk-email-note">
        {t(step === 'RECOVER_WALLET' ? 'email.wallet.recoverTitle' : 'email.wallet.setupTitle')}
      </p>
      <FrameBox />
      {failure ? (
        <>
          <p className="lk-email-error" role="alert">
            {emailFailure(failure, t, t('email.wallet.failed'))}
          </p>
          <button type="button" className="lk-secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('email.retry')}
          </button>
        </>
      ) : (
        <p className="lk-muted lk-email-note">{t('email.wallet.waiting')}</p>
      )}
    </div>
  )
}
