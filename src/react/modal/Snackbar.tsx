'use client'
import type { ReactElement } from 'react'
import { safeLinkUrl } from '../format'
import { Icon } from '../icons'
import { useLocaleDirection } from '../useI18n'
import { useKernelState } from '../useKernelState'

/**
 * The kernel's snackbar (loading, success, error). The live region stays mounted so
 * screen readers announce each message; the kernel does the 150 ms swap.
 */
export function Snackbar(): ReactElement {
  const { open, variant, message, link, copy } = useKernelState((state) => state.snackbar)
  const href = safeLinkUrl(link?.href)
  const dir = useLocaleDirection()
  return (
    <div
      role="status"
      aria-live="polite"
      dir={dir}
      className={open ? 'lk-snackbar' : 'lk-sr'}
      data-variant={variant}
      data-latchkit="snackbar"
    >
      {open && (
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
      )}
    </div>
  )
}
