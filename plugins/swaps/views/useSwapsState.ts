'use client'
import { useKernelState } from 'latchkit/react'
import { SWAPS_PLUGIN_ID } from '../ids'
import { initialSwapsState, type SwapsState } from '../state'

const EMPTY = initialSwapsState()

/**
 * The swaps slice, re-rendering when it changes.
 *
 * @example
 * const { quote, loadingQuote } = useSwapsState()
 */
export function useSwapsState(): SwapsState {
  return useKernelState((state) => (state.plugins[SWAPS_PLUGIN_ID] as SwapsState | undefined) ?? EMPTY)
}
