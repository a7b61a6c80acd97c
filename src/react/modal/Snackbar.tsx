'use client'
import { lazy, type ReactElement, Suspense } from 'react'
import { useLocaleDirection } from '../useI18n'
import { useKernelState } from '../useKernelState'

const SnackbarContent = lazy(() =>
  import('./SnackbarContent').then((module) => ({ default: module.SnackbarContent })),
)

/**
 * The kernel's snackbar (loading, success, error). The live region stays mounted so
 * screen readers announce each message; the kernel does the 150 ms swap. Its content
 * loads with the first message, which shows as plain text until it has.
 */
export function Snackbar(): ReactElement {
  const snackbar = useKernelState((state) => state.snackbar)
  const dir = useLocaleDirection()
  return (
    <div
      role="status"
      aria-live="polite"
      dir={dir}
      className={snackbar.open ? 'lk-snackbar' : 'lk-sr'}
      data-variant={snackbar.variant}
      data-latchkit="snackbar"
    >
      {snackbar.open && (
        <Suspense fallback={<span data-latchkit="snackbar-message">{snackbar.message}</span>}>
          <SnackbarContent {...snackbar} />
        </Suspense>
      )}
    </div>
  )
}
