'use client'
import type { RouterEntry } from 'latchkit'
import { useKernelState } from './useKernelState'

/**
 * The view on top of the modal's history and its params, for views that take input.
 *
 * @example
 * const { params } = useRoute<{ connectorId: string }>()
 */
export function useRoute<P extends Record<string, unknown> = Record<string, unknown>>(): {
  view: string | undefined
  params: Partial<P>
  depth: number
} {
  return useKernelState((state) => {
    const entry: RouterEntry | undefined = state.modal.history.at(-1)
    return {
      view: entry?.view,
      params: (entry?.params ?? EMPTY) as Partial<P>,
      depth: state.modal.history.length,
    }
  })
}

const EMPTY = {}
