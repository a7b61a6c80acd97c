'use client'
import type { ReactElement } from 'react'

// Minimal stroke icons; decorative, so hidden from assistive technology.
const paths = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 6l-6 6 6 6',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  external: 'M14 5h5v5M19 5l-8 8M17 14v5H5V7h5',
  check: 'M5 12l5 5 9-10',
  alert: 'M12 8v5M12 16.5v.5M12 3l9.5 17h-19z',
  wallet: 'M4 7h15v11H4zM4 7l11-3v3M15 12.5h1',
  chevron: 'M9 6l6 6-6 6',
} as const

export type IconName = keyof typeof paths

/**
 * An inline SVG icon: one of the small set the core views use (`name`), or a plugin's own
 * `path` (an SVG path drawn with a 2 px stroke in a 24 x 24 box).
 *
 * @example
 * <Icon name="check" />
 * <Icon path="M7 17L17 7M9 7h8v8" size={20} />
 */
export function Icon({
  name,
  path,
  size = 16,
}: {
  name?: IconName
  path?: string
  size?: number
}): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      // Icons that point along the line of text point the other way under a right-to-left
      // language (the stylesheet mirrors them).
      className={name === 'back' || name === 'chevron' ? 'lk-directional' : undefined}
    >
      <path d={path ?? (name ? paths[name] : '')} />
    </svg>
  )
}
