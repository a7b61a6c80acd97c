'use client'
import { useT } from 'latchkit/react'
import type { ReactElement } from 'react'
import { FramePlaceholder } from './FramePlaceholder'

/**
 * The view the widget opens when the frame shows a screen and no other view hosts it: an
 * approval asked from the page (a signature, a transaction) while the modal was closed
 * or on another view. The frame draws the approval itself, over the placeholder.
 */
export default function EmbeddedWalletFrameView(): ReactElement {
  const t = useT()
  return (
    <div className="lk-stack">
      <FramePlaceholder />
      <p className="lk-muted" style={{ textAlign: 'center', fontSize: 12 }}>
        {t('embeddedWallet.frameWaiting')}
      </p>
    </div>
  )
}
