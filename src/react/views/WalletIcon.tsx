'use client'
import type { ReactElement } from 'react'
import { safeImageUrl } from '../format'
import { Icon } from '../icons'

/** A wallet's icon: only ever an <img> of a safe image URL (`safeImageUrl`), else a generic glyph. */
export function WalletIcon({ url, size = 32 }: { url: string | undefined; size?: number }): ReactElement {
  const src = safeImageUrl(url)
  return src ? (
    <img src={src} alt="" width={size} height={size} />
  ) : (
    <span className="lk-tile">
      <Icon name="wallet" />
    </span>
  )
}
