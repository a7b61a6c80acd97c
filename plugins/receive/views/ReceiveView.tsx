'use client'
import { safeImageUrl, useAccount, useKernel, useT } from 'latchkit/react'
import { QrCode } from 'latchkit/react/views'
import { type ReactElement, useEffect, useMemo, useRef, useState } from 'react'

/** How long the Copy button says 'Address copied' (the snackbar says it too). */
const COPIED_MS = 2000

const receiveCss = `
.lk-qr{display:flex;justify-content:center;padding:8px 0}
.lk-qr svg{border-radius:var(--lk-radius-md);max-width:100%;height:auto}
.lk-address{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;text-align:center;overflow-wrap:anywhere;margin:0}
.lk-chips{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.lk-chips li{display:inline-flex;align-items:center;gap:6px;padding:4px 10px;border-radius:var(--lk-radius-pill);background:var(--lk-surface);font-size:12px}
.lk-chips img{width:16px;height:16px;border-radius:50%}
`

/**
 * Receive: the connected address as a QR code and in full, a Copy button that confirms,
 * and the configured networks of the address's namespace: the address is the same on
 * every network of its namespace, but the app only shows balances on these.
 */
export default function ReceiveView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { address, namespace } = useAccount()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const networks = useMemo(() => (namespace ? kernel.networks(namespace) : []), [kernel, namespace])
  useEffect(() => () => clearTimeout(timer.current), [])

  if (!address) {
    return <p className="lk-center lk-muted">{t('receive.notConnected')}</p>
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
    } catch (error) {
      kernel.logger.warn('clipboard write failed', error)
      kernel.snackbar.error(t('receive.copyFailed'))
      return
    }
    kernel.snackbar.success(t('receive.copied'))
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_MS)
  }

  return (
    <div className="lk-stack">
      <style>{receiveCss}</style>
      <div className="lk-qr">
        <QrCode value={address} label={t('receive.qrLabel', { address })} part="receive-qr" />
      </div>
      <p className="lk-address" data-latchkit="receive-address">
        {address}
      </p>
      <button type="button" className="lk-primary" onClick={copy} data-latchkit="receive-copy">
        {copied ? t('receive.copied') : t('receive.copy')}
      </button>
      <p className="lk-muted">{t('receive.networks')}</p>
      <ul className="lk-chips" data-latchkit="receive-networks">
        {networks.map((network) => {
          const icon = safeImageUrl(network.imageUrl)
          return (
            <li key={network.caipNetworkId}>
              {icon && <img src={icon} alt="" />}
              {network.name}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

// The loader registers these with the kernel's i18n before the view renders (receive.ts).
export { receiveViewStrings as viewStrings } from './viewStrings'
