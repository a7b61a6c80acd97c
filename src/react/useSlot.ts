'use client'
import type { SlotItem } from 'latchkit'
import { useCallback, useSyncExternalStore } from 'react'
import { useKernel } from './context'

/**
 * The contributions to a slot in their effective order; re-renders when a plugin adds or
 * removes one.
 *
 * @example
 * const features = useSlot<FeatureContribution>('features')
 */
export function useSlot<T extends SlotItem = SlotItem>(name: string): readonly T[] {
  const { slots } = useKernel('useSlot')
  const list = useCallback(() => slots.list<T>(name), [slots, name])
  return useSyncExternalStore(slots.subscribe, list, list)
}
