'use client'
import { LatchError } from 'latchkit'
import { useKernel, useT } from 'latchkit/react'
import { type FormEvent, type ReactElement, useState } from 'react'
import { startEmailLogin } from '../emailLogin'
import { EMAIL_VIEWS } from '../ids'
import { emailCss } from './emailCss'
import { emailFailure } from './emailFailure'
import { useCooldownNotice } from './useCooldownNotice'

/**
 * The Connect view's email field: the address is checked before anything is sent, a
 * login within 30 s of the last one says how long to wait (counting down), and a started
 * login goes on to the device approval or the code.
 */
export default function EmailField(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const cooling = failure instanceof LatchError && failure.code === 'EMAIL_COOLDOWN'
  const left = useCooldownNotice(kernel, cooling)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setFailure(undefined)
    try {
      const step = await startEmailLogin(kernel, email)
      kernel.router.push(step === 'VERIFY_DEVICE' ? EMAIL_VIEWS.verifyDevice : EMAIL_VIEWS.verifyOtp, {
        email: email.trim(),
      })
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
      ? emailFailure(failure, t, t('email.failed'))
      : undefined
  return (
    <form className="lk-stack" onSubmit={submit} noValidate data-latchkit="email-login">
      <style>{emailCss}</style>
      <div className="lk-email-form">
        <input
          className="lk-email-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('email.placeholder')}
          aria-label={t('email.label')}
          aria-invalid={message ? true : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-latchkit="email-input"
        />
        <button
          type="submit"
          className="lk-primary"
          disabled={busy || email.trim() === ''}
          data-latchkit="email-submit"
        >
          {busy ? t('email.sending') : t('email.continue')}
        </button>
      </div>
      {message ? (
        <p className="lk-email-error" role="alert" data-latchkit="email-error">
          {message}
        </p>
      ) : null}
    </form>
  )
}
