'use client'
import { LatchError } from 'latchkit'
import { FramePlaceholder } from 'latchkit/plugins/embedded-wallet'
import { useKernel, useRoute, useT } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { socialMessages } from '../messages'
import { holdPopup, keepPopup, releasePopup } from '../pendingPopups'
import { isSocialProvider, SOCIAL_PROVIDER_NAMES } from '../providers'
import { socialFailure, socialNotServed } from '../socialFailure'
import { completeSocialWallet, runSocialLogin, type SocialLoginStep } from '../socialLogin'
import { openLoginPopup } from '../socialPopup'
import { socialCss } from './socialCss'

/**
 * The login window is open: the view waits for the person there, then shows the frame's
 * wallet set-up or recovery over its box, and closes the modal once the chains connect.
 * Leaving the view closes the window and stops the login; Try again opens a new window
 * (from the click, so no popup blocker stops it).
 */
export default function ConnectingSocialView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { provider: given } = useRoute<{ provider?: string }>().params ?? {}
  const provider = isSocialProvider(given) ? given : 'google'
  const name = SOCIAL_PROVIDER_NAMES[provider]
  const [attempt, setAttempt] = useState(0)
  const [step, setStep] = useState<SocialLoginStep | 'WAITING'>('WAITING')
  const [failure, setFailure] = useState<unknown>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the login on Try again
  useEffect(() => {
    const controller = new AbortController()
    const popup = holdPopup(kernel)
    setFailure(undefined)
    setStep('WAITING')
    const run = async () => {
      if (!popup || popup.closed)
        throw new LatchError(socialMessages.SOCIAL_POPUP_CLOSED, { code: 'SOCIAL_POPUP_CLOSED' })
      const next = await runSocialLogin(kernel, provider, popup, controller.signal)
      if (next !== 'CONNECT') {
        setStep(next)
        await completeSocialWallet(kernel, provider, next, controller.signal)
      }
      kernel.close()
    }
    run().catch((error) => {
      if (controller.signal.aborted) return
      if (popup && !popup.closed) popup.close()
      setFailure(error)
    })
    return () => {
      controller.abort()
      if (popup) releasePopup(kernel, popup)
    }
  }, [kernel, provider, attempt])

  const retry = () => {
    try {
      keepPopup(kernel, openLoginPopup())
    } catch (error) {
      setFailure(error)
      return
    }
    setAttempt((n) => n + 1)
  }

  const wallet = step === 'SETUP_WALLET' || step === 'RECOVER_WALLET'
  return (
    <div className="lk-stack" data-latchkit="social-connecting" data-provider={provider} data-step={step}>
      <style>{socialCss}</style>
      <p className="lk-social-note">
        {wallet
          ? t(step === 'RECOVER_WALLET' ? 'social.connecting.recoverTitle' : 'social.connecting.setupTitle')
          : t('social.connecting.waiting', { provider: name })}
      </p>
      {/* Mounted from the start, 0 px high until the frame shows its screen: the frame's
          set-up screen can come before React draws the step, and with no box to lie over
          it would open a view of its own and take this one (and its login) away. */}
      <FramePlaceholder />
      {failure ? (
        <>
          <p className="lk-social-error" role="alert" data-latchkit="social-error">
            {socialFailure(failure, t, t('social.failed'))}
          </p>
          {/* A login the service does not offer is not tried again. */}
          {!socialNotServed(failure) && (
            <button type="button" className="lk-secondary" onClick={retry} data-latchkit="social-retry">
              {t('social.retry')}
            </button>
          )}
        </>
      ) : wallet ? (
        <p className="lk-muted lk-social-note">{t('social.connecting.frame')}</p>
      ) : null}
    </div>
  )
}
