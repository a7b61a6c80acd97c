'use client'
import { useKernelState } from 'latchkit/react'
import { ONRAMP_PLUGIN_ID } from '../ids'
import { initialOnrampState, type OnrampState } from '../state'

const EMPTY = initialOnrampState()

/**
 * The on-ramp slice, re-rendering when it changes.
 *
 * @example
 * const { quotes, purchase } = useOnrampState()
 */
export function useOnrampState(): OnrampState {
  return useKernelState((state) => (state.plugins[ONRAMP_PLUGIN_ID] as OnrampState | undefined) ?? EMPTY)
}
