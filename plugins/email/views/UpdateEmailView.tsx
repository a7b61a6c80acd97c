'use client'
import type { EmbeddedWalletService } from 'latchkit/plugins/embedded-wallet'
import { useKernel, useT } from 'latchkit/react'
import { type FormEvent, type ReactElement, useState } from 'react'
import { confirmCurrentAddress, confirmNewAddress, startEmailUpdate } from '../emailUpdate'
import { EMBEDDED_WALLET_SERVICE } from '../ids'
import { emailCss } from './emailCss'
import { emailFailure } from './emailFailure'
import { OtpInput } from './OtpInput'

type Step = 'address' | 'current' | 'new'

/**
 * Changes the login email, from the Account view: the new address, then the code sent to
 * the current address (it is the person's), then the code sent to the new one (it is
 * theirs too); the account then shows the new address.
 */
export default function UpdateEmailView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const service = kernel.services.get(EMBEDDED_WALLET_SERVICE) as EmbeddedWalletService | undefined
  const current = service?.user()?.email ?? ''
  const [step, setStep] = useState<Step>('address')
  const [address, setAddress] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const [resetKey, setResetKey] = useState(0)

  const run = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    setFailure(undefined)
    try {
      await work()
    } catch (error) {
      setFailure(error)
      setResetKey((n) => n + 1)
    } finally {
      setBusy(false)
    }
  }
  const submitAddress = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await startEmailUpdate(kernel, address)
      setStep('current')
    })
  }
  const submitCode = (code: string) =>
    void run(async () => {
      if (step === 'current') {
        await confirmCurrentAddress(kernel, code)
        setStep('new')
        setResetKey((n) => n + 1)
        return
      }
      const email = await confirmNewAddress(kernel, code)
      kernel.snackbar.success(t('email.update.done', { email }))
      kernel.router.goBack()
    })

  return (
    <div className="lk-stack" data-latchkit="email-update" data-step={step}>
      <style>{emailCss}</style>
      {step === 'address' ? (
        <form className="lk-stack" onSubmit={submitAddress} noValidate>
          <p className="lk-email-note lk-muted">{t('email.update.current', { email: current })}</p>
          <div className="lk-email-form">
            <input
              className="lk-email-input"
              type="email"
              autoComplete="email"
              placeholder={t('email.update.newAddress')}
              aria-label={t('email.update.newAddress')}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              data-latchkit="email-update-input"
            />
            <button type="submit" className="lk-primary" disabled={busy || address.trim() === ''}>
              {busy ? t('email.sending') : t('email.continue')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="lk-email-note">
            {step === 'current'
              ? t('email.update.primaryBody', { email: current })
              : t('email.update.secondaryBody', { email: address.trim() })}
          </p>
          <OtpInput onComplete={submitCode} disabled={busy} resetKey={resetKey} />
        </>
      )}
      {failure ? (
        <p className="lk-email-error" role="alert" data-latchkit="email-error">
          {emailFailure(failure, t, t('email.update.failed'))}
        </p>
      ) : null}
    </div>
  )
}
