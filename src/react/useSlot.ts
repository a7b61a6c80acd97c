'use client'
import type { SlotItemOf, SlotName } from 'latchkit'
import { useCallback, useSyncExternalStore } from 'react'
import { useKernel } from './context'

/**
 * The contributions to a slot in their effective order; re-renders when a plugin adds or
 * removes one.
 *
 * @example
 * const features = useSlot('features') // FeatureContribution[]
 */
export function useSlot<K extends SlotName>(name: K): readonly SlotItemOf<K>[] {
  const { slots } = useKernel('useSlot')
  const list = useCallback(() => slots.list(name), [slots, name])
  return useSyncExternalStore(slots.subscribe, list, list)
}
