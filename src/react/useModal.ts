'use client'
import { useMemo } from 'react'
import { useKernel } from './context'
import { useKernelState } from './useKernelState'

export interface UseModalReturnType {
  /** Opens on `view`, or on Connect / Account depending on the connection. */
  open(view?: string, params?: Record<string, unknown>): void
  /** Closes unless a close guard blocks; returns whether it closed. */
  close(): boolean
  isOpen: boolean
  /** The view on top of the history stack, when open. */
  view: string | undefined
}

/**
 * Opens and closes the modal and tells which view it shows.
 *
 * @example
 * const { open, isOpen } = useModal()
 * <button onClick={() => open('Networks')}>Switch network</button>
 */
export function useModal(): UseModalReturnType {
  const kernel = useKernel('useModal')
  const { isOpen, view } = useKernelState((state) => ({
    isOpen: state.modal.open,
    view: state.modal.history.at(-1)?.view,
  }))
  const actions = useMemo(
    () => ({
      open: (view?: string, params?: Record<string, unknown>) => kernel.open({ view, params }),
      close: () => kernel.close(),
    }),
    [kernel],
  )
  return { ...actions, isOpen, view }
}
