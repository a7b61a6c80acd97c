'use client'
import type { RegistryWallet } from 'latchkit'
import { useKernel, useRoute, useT } from 'latchkit/react'
import { describeFailure, QrCode } from 'latchkit/react/views'
import { type ReactElement, useCallback, useEffect, useSyncExternalStore } from 'react'
import { connectThroughSession } from '../connectThroughSession'
import { WALLETCONNECT_PLUGIN_ID } from '../ids'
import type { PairingState } from '../pairingState'
import type { SessionManager } from '../sessionManager'
import { isMobileDevice, walletLinksFor } from '../walletLinks'

const css = `
.lk-wc-qr{display:flex;justify-content:center;padding:4px 0}
.lk-wc-qr svg{border-radius:var(--lk-radius-md);max-width:100%;height:auto}
.lk-wc-links{display:flex;flex-direction:column;gap:8px}
`

function usePairing(sessions: SessionManager): PairingState {
  const subscribe = useCallback((listener: () => void) => sessions.pairing.subscribe(listener), [sessions])
  return useSyncExternalStore(subscribe, sessions.pairing.get, sessions.pairing.get)
}

/** The wallet the view was opened for (the all-wallets list passes it), checked for shape. */
function walletParam(params: Record<string, unknown>): RegistryWallet | undefined {
  const wallet = params.wallet as RegistryWallet | undefined
  return wallet && typeof wallet.id === 'string' && typeof wallet.name === 'string' ? wallet : undefined
}

/**
 * ConnectingWalletConnect (params `{ wallet? }`): the pairing code as a QR code and a
 * copyable link, the picked wallet's app and web links on this platform, a fresh code
 * before the current one expires, and the declined, expired and failed states with retry.
 */
export default function ConnectingWalletConnectView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { params, depth } = useRoute<{ wallet?: RegistryWallet }>()
  const sessions = kernel.services.get(WALLETCONNECT_PLUGIN_ID) as SessionManager
  const wallet = walletParam(params)
  const pairing = usePairing(sessions)

  const start = useCallback(
    () => void connectThroughSession(kernel, sessions, wallet),
    [kernel, sessions, wallet],
  )

  // Opened: start pairing unless this wallet's attempt is already under way.
  useEffect(() => {
    const now = sessions.pairing.get()
    const running = (now.status === 'loading' || now.status === 'pairing') && now.wallet?.id === wallet?.id
    if (!running) start()
  }, [sessions, wallet?.id, start])

  const name = wallet?.name ?? 'WalletConnect'
  const cancel = () => (depth > 1 ? kernel.router.goBack() : kernel.router.replace('Connect'))
  const copy = async (uri: string) => {
    try {
      await navigator.clipboard.writeText(uri)
      kernel.snackbar.success(t('walletConnect.copied'))
    } catch (error) {
      kernel.logger.warn('clipboard write failed', error)
      kernel.snackbar.error(t('walletConnect.copyFailed'))
    }
  }

  if (pairing.status === 'declined' || pairing.status === 'expired' || pairing.status === 'failed') {
    const heading = t(`walletConnect.${pairing.status}`)
    const hint =
      pairing.status === 'failed'
        ? describeFailure(pairing.error, t('walletConnect.failed'), t)
        : t(`walletConnect.${pairing.status}Hint`)
    return (
      <div className="lk-center" data-latchkit="walletconnect" data-state={pairing.status}>
        <p role="alert" className="lk-error">
          <strong>{heading}</strong>
        </p>
        <p className="lk-muted">{hint}</p>
        <div className="lk-actions">
          <button type="button" className="lk-primary" onClick={start}>
            {t('walletConnect.retry')}
          </button>
          <button type="button" className="lk-secondary" onClick={cancel}>
            {t('walletConnect.cancel')}
          </button>
        </div>
      </div>
    )
  }

  if (pairing.status !== 'pairing' || !pairing.uri) {
    return (
      <div className="lk-center" data-latchkit="walletconnect" data-state="loading">
        <span className="lk-spinner" aria-hidden="true" />
        <p className="lk-muted">{t('walletConnect.preparing')}</p>
      </div>
    )
  }

  const uri = pairing.uri
  const links = walletLinksFor(wallet, uri, isMobileDevice(navigator.userAgent))
  return (
    <div className="lk-stack" data-latchkit="walletconnect" data-state="pairing">
      <style>{css}</style>
      <p className="lk-center">
        <strong>{wallet ? t('walletConnect.scanFor', { name }) : t('walletConnect.scan')}</strong>
      </p>
      <div className="lk-wc-qr">
        <QrCode value={uri} label={t('walletConnect.qrLabel')} size={260} part="walletconnect-qr" />
      </div>
      <p className="lk-center lk-muted">{t('walletConnect.waiting')}</p>
      <div className="lk-wc-links">
        {links.app && (
          <a
            className="lk-primary"
            href={links.app}
            rel="noopener noreferrer"
            data-latchkit="walletconnect-app-link"
          >
            {t('walletConnect.open', { name })}
          </a>
        )}
        {links.web && (
          <a
            className="lk-secondary"
            href={links.web}
            target="_blank"
            rel="noopener noreferrer"
            data-latchkit="walletconnect-web-link"
          >
            {t('walletConnect.openWeb', { name })}
          </a>
        )}
        <button
          type="button"
          className="lk-secondary"
          onClick={() => copy(uri)}
          data-latchkit="walletconnect-copy"
        >
          {t('walletConnect.copy')}
        </button>
      </div>
    </div>
  )
}

export { walletConnectViewStrings as viewStrings } from './viewStrings'
