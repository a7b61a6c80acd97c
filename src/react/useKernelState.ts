'use client'
import type { KernelState } from 'latchkit'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import { useKernel } from './context'
import { shallowEqual } from './shallowEqual'

/**
 * Selects from the kernel state and re-renders only when the selection changes
 * (shallowly, unless `isEqual` says otherwise).
 *
 * @example
 * const status = useKernelState((state) => state.status)
 */
export function useKernelState<T>(
  selector: (state: KernelState) => T,
  isEqual: (a: T, b: T) => boolean = shallowEqual,
): T {
  const kernel = useKernel('useKernelState')
  // Keyed on state and selector: the same snapshot twice in a row must be the same value,
  // or useSyncExternalStore loops; an equal new selection keeps the previous reference.
  const cache = useRef<{ state: KernelState; selector: unknown; value: T } | null>(null)
  const select = () => {
    const state = kernel.getState()
    const cached = cache.current
    if (cached && cached.state === state && cached.selector === selector) return cached.value
    const value = selector(state)
    const kept = cached && isEqual(cached.value, value) ? cached.value : value
    cache.current = { state, selector, value: kept }
    return kept
  }
  const subscribe = useCallback((listener: () => void) => kernel.subscribe(listener), [kernel])
  return useSyncExternalStore(subscribe, select, select)
}
