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

/** An inline SVG icon from the small set the core views use. */
export function Icon({ name, size = 16 }: { name: IconName; size?: number }): ReactElement {
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
    >
      <path d={paths[name]} />
    </svg>
  )
}
