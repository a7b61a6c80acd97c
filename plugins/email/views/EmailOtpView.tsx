'use client'
import { LatchError } from 'latchkit'
import { useKernel, useRoute, useT } from 'latchkit/react'
import { type ReactElement, useState } from 'react'
import { startEmailLogin, submitLoginCode } from '../emailLogin'
import { EMAIL_VIEWS } from '../ids'
import { emailCss } from './emailCss'
import { emailFailure } from './emailFailure'
import { OtpInput } from './OtpInput'
import { useCooldownNotice } from './useCooldownNotice'

/**
 * The code emailed to the address: six boxes (pasting fills them), checked once all are
 * in; a wrong code says so and empties them; Resend starts the login again (within the
 * 30 s cooldown it says how long to wait). A new person goes on to set up a wallet, a
 * known person on a new device to recover it.
 */
export default function EmailOtpView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { email = '' } = useRoute<{ email?: string }>().params ?? {}
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const [resetKey, setResetKey] = useState(0)
  const cooling = failure instanceof LatchError && failure.code === 'EMAIL_COOLDOWN'
  const left = useCooldownNotice(kernel, cooling)

  const submit = async (code: string) => {
    if (busy) return
    setBusy(true)
    setFailure(undefined)
    try {
      const next = await submitLoginCode(kernel, code)
      if (next !== 'CONNECT') kernel.router.replace(EMAIL_VIEWS.wallet, { email, step: next })
    } catch (error) {
      setFailure(error)
      setResetKey((n) => n + 1)
    } finally {
      setBusy(false)
    }
  }
  const resend = async () => {
    if (busy) return
    setBusy(true)
    setFailure(undefined)
    try {
      const step = await startEmailLogin(kernel, email)
      if (step === 'VERIFY_DEVICE') kernel.router.replace(EMAIL_VIEWS.verifyDevice, { email })
      else kernel.snackbar.success(t('email.otp.resent'))
      setResetKey((n) => n + 1)
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const message = cooling
    ? left > 0
      ? t('email.error.EMAIL_COOLDOWN', { n: left })
      : undefined
    : failure
      ? emailFailure(failure, t, t('email.otp.failed'))
      : undefined
  return (
    <div className="lk-stack" data-latchkit="email-verify-otp">
      <style>{emailCss}</style>
      <p className="lk-email-note">{t('email.otp.body', { email })}</p>
      <OtpInput onComplete={(code) => void submit(code)} disabled={busy} resetKey={resetKey} />
      {busy ? (
        <p className="lk-muted lk-email-note" role="status">
          {t('email.otp.checking')}
        </p>
      ) : null}
      {message ? (
        <p className="lk-email-error" role="alert" data-latchkit="email-error">
          {message}
        </p>
      ) : null}
      <button type="button" className="lk-secondary" onClick={() => void resend()} disabled={busy}>
        {t('email.otp.resend')}
      </button>
    </div>
  )
}
