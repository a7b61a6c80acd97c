'use client'
import { useKernel, useRoute, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { waitForDeviceApproval } from '../emailLogin'
import { EMAIL_VIEWS } from '../ids'
import { emailCss } from './emailCss'
import { emailFailure } from './emailFailure'

/**
 * "Check your inbox": a known person on a new device approves it from the emailed link;
 * the view asks the frame again and again while it is shown (each ask may wait 25 s) and
 * goes on to the code once approved.
 */
export default function EmailVerifyDeviceView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { email = '' } = useRoute<{ email?: string }>().params ?? {}
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<unknown>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the wait on Retry
  useEffect(() => {
    const controller = new AbortController()
    setFailure(undefined)
    waitForDeviceApproval(kernel, controller.signal).then(
      () => {
        if (!controller.signal.aborted) kernel.router.replace(EMAIL_VIEWS.verifyOtp, { email })
      },
      (error) => {
        if (!controller.signal.aborted) setFailure(error)
      },
    )
    return () => controller.abort()
  }, [kernel, email, attempt])

  return (
    <div className="lk-stack" data-latchkit="email-verify-device">
      <style>{emailCss}</style>
      <p className="lk-email-note">{t('email.device.body', { email })}</p>
      {failure ? (
        <>
          <p className="lk-email-error" role="alert">
            {emailFailure(failure, t, t('email.device.failed'))}
          </p>
          <button type="button" className="lk-secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('email.retry')}
          </button>
        </>
      ) : (
        <p className="lk-muted lk-email-note" role="status">
          <span className="lk-spinner" aria-hidden="true" /> {t('email.device.waiting')}
        </p>
      )}
    </div>
  )
}
