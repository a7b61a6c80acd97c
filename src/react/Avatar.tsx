'use client'
import type { CSSProperties, ReactElement } from 'react'
import { safeImageUrl } from './format'

/** A stable gradient from an address, so each account is recognisable without an image. */
export function addressGradient(address: string): string {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const hue = hash % 360
  return `radial-gradient(circle at 30% 30%, hsl(${hue} 90% 75%), hsl(${(hue + 60) % 360} 80% 50%) 70%)`
}

/**
 * The account's profile image, or a gradient generated from its address. Inline styles
 * so it looks the same inside the modal and in the host page's buttons; they first reset
 * every property, so that the page's `img`, `span` or `*` rules do not reach it there.
 *
 * @example
 * <Avatar address={address} image={profileImage} size={24} />
 */
export function Avatar({
  address,
  image,
  size = 20,
}: {
  address: string | undefined
  image?: string | null
  size?: number
}): ReactElement {
  const src = safeImageUrl(image)
  const style: CSSProperties = {
    all: 'unset',
    width: size,
    height: size,
    borderRadius: '50%',
    flex: 'none',
    display: 'inline-block',
    objectFit: 'cover',
    background: src ? undefined : addressGradient(address ?? ''),
  }
  return src ? (
    <img src={src} alt="" width={size} height={size} style={style} />
  ) : (
    <span aria-hidden="true" style={style} />
  )
}
