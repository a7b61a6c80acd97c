'use client'
import type { ReactElement } from 'react'
import { Icon } from '../icons'
import { useKernelState } from '../useKernelState'

/**
 * The kernel's snackbar (loading, success, error). The live region stays mounted so
 * screen readers announce each message; the kernel does the 150 ms swap.
 */
export function Snackbar(): ReactElement {
  const { open, variant, message } = useKernelState((state) => state.snackbar)
  return (
    <div
      role="status"
      aria-live="polite"
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
          <span>{message}</span>
        </>
      )}
    </div>
  )
}
