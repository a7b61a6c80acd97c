'use client'
import { FramePlaceholder } from 'latchkit/plugins/embedded-wallet'
import { useKernel, useT } from 'latchkit/react'
import { QrCode } from 'latchkit/react/views'
import { type ReactElement, useEffect, useState } from 'react'
import { farcasterFailure, farcasterNotServed } from '../farcasterFailure'
import {
  completeFarcasterWallet,
  type FarcasterLoginStep,
  requestFarcasterSignIn,
  waitForFarcasterApproval,
} from '../farcasterLogin'
import { farcasterCss } from './farcasterCss'

type Phase = 'LOADING' | 'CODE' | Exclude<FarcasterLoginStep, 'CONNECT'>

/**
 * ConnectingFarcaster: a new sign-in request as a QR code for a phone and a link for a
 * Farcaster app on this device, the wait until the person approves it there, then the
 * frame's wallet set-up or recovery over this view's box; the modal closes once the
 * chains connect. An expired request or a refused signature says so, with Try again for
 * a new code; leaving the view stops the wait.
 */
export default function ConnectingFarcasterView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const [attempt, setAttempt] = useState(0)
  const [phase, setPhase] = useState<Phase>('LOADING')
  const [uri, setUri] = useState<string>()
  const [failure, setFailure] = useState<unknown>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the sign-in on Try again
  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    setFailure(undefined)
    setPhase('LOADING')
    setUri(undefined)
    const run = async () => {
      const request = await requestFarcasterSignIn(kernel, signal)
      setUri(request.uri)
      setPhase('CODE')
      const { step, login } = await waitForFarcasterApproval(kernel, request.channelId, signal)
      if (step !== 'CONNECT') {
        setPhase(step)
        await completeFarcasterWallet(kernel, step, login, signal)
      }
      kernel.close()
    }
    run().catch((error) => {
      if (!signal.aborted) setFailure(error)
    })
    return () => controller.abort()
  }, [kernel, attempt])

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link)
      kernel.snackbar.success(t('farcaster.connecting.copied'))
    } catch (error) {
      kernel.logger.warn('clipboard write failed', error)
      kernel.snackbar.error(t('farcaster.connecting.copyFailed'))
    }
  }

  const wallet = phase === 'SETUP_WALLET' || phase === 'RECOVER_WALLET'
  const showCode = phase === 'CODE' && uri && !failure
  return (
    <div className="lk-stack" data-latchkit="farcaster-connecting" data-step={failure ? 'FAILED' : phase}>
      <style>{farcasterCss}</style>
      {wallet ? (
        <p className="lk-fc-note">
          {t(
            phase === 'RECOVER_WALLET'
              ? 'farcaster.connecting.recoverTitle'
              : 'farcaster.connecting.setupTitle',
          )}
        </p>
      ) : null}
      {phase === 'LOADING' && !failure ? (
        <div className="lk-center">
          <span className="lk-spinner" aria-hidden="true" />
          <p className="lk-muted">{t('farcaster.connecting.preparing')}</p>
        </div>
      ) : null}
      {showCode ? (
        <>
          <p className="lk-fc-note">
            <strong>{t('farcaster.connecting.scan')}</strong>
          </p>
          <div className="lk-fc-qr">
            <QrCode value={uri} label={t('farcaster.connecting.qrLabel')} size={240} part="farcaster-qr" />
          </div>
          <p className="lk-center lk-muted" data-latchkit="farcaster-waiting">
            {t('farcaster.connecting.waiting')}
          </p>
          <div className="lk-fc-links">
            <a className="lk-primary" href={uri} rel="noopener noreferrer" data-latchkit="farcaster-open">
              {t('farcaster.connecting.open')}
            </a>
            <button
              type="button"
              className="lk-secondary"
              onClick={() => copy(uri)}
              data-latchkit="farcaster-copy"
            >
              {t('farcaster.connecting.copy')}
            </button>
          </div>
        </>
      ) : null}
      {/* Mounted from the start, 0 px high until the frame shows its screen: with no box
          to lie over, the frame's set-up screen would open a view of its own and take
          this one (and its login) away. */}
      <FramePlaceholder />
      {failure ? (
        <>
          <p className="lk-fc-error" role="alert" data-latchkit="farcaster-error">
            {farcasterFailure(failure, t, t('farcaster.failed'))}
          </p>
          {/* A login the service does not offer is not tried again. */}
          {!farcasterNotServed(failure) && (
            <button
              type="button"
              className="lk-primary"
              onClick={() => setAttempt((n) => n + 1)}
              data-latchkit="farcaster-retry"
            >
              {t('farcaster.retry')}
            </button>
          )}
        </>
      ) : wallet ? (
        <p className="lk-muted lk-fc-note">{t('farcaster.connecting.frame')}</p>
      ) : null}
    </div>
  )
}
