'use client'
import type { SnackbarState } from 'latchkit'
import type { ReactElement } from 'react'
import { safeLinkUrl } from '../format'
import { Icon } from '../icons'

/**
 * What an open snackbar shows: the icon, the message, and its link or copy button. Loaded
 * with the first message (see Snackbar.tsx), so a page that never shows one never loads it.
 */
export function SnackbarContent({ variant, message, link, copy }: SnackbarState): ReactElement {
  const href = safeLinkUrl(link?.href)
  return (
    <>
      {variant === 'loading' ? (
        <span className="lk-spinner" />
      ) : (
        <Icon name={variant === 'error' ? 'alert' : 'check'} />
      )}
      <span data-latchkit="snackbar-message">{message}</span>
      {href && link && (
        <a href={href} target="_blank" rel="noopener noreferrer" data-latchkit="snackbar-link">
          {link.label}
        </a>
      )}
      {copy && (
        <button
          type="button"
          // A failed write leaves the text where it is; there is nothing else to do.
          onClick={() => void navigator.clipboard?.writeText(copy.text).catch(() => {})}
          data-latchkit="snackbar-copy"
        >
          {copy.label}
        </button>
      )}
    </>
  )
}
