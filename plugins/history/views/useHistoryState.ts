'use client'
import { useKernelState } from 'latchkit/react'
import { HISTORY_PLUGIN_ID } from '../ids'
import { type HistoryState, initialHistoryState } from '../state'

const EMPTY = initialHistoryState()

/**
 * The history slice, re-rendering when it changes.
 *
 * @example
 * const { transactions, loading, next } = useHistoryState()
 */
export function useHistoryState(): HistoryState {
  return useKernelState((state) => (state.plugins[HISTORY_PLUGIN_ID] as HistoryState | undefined) ?? EMPTY)
}
