'use client'
import { useKernelState } from 'latchkit/react'
import { ENS_PLUGIN_ID } from '../ids'
import { DEFAULT_ENS_SETTINGS, type EnsSettings, type EnsState } from '../state'

/**
 * The names plugin's settings (zone, suggestion debounce), as the integrator gave them.
 *
 * @example
 * const { zone } = useEnsSettings()
 */
export function useEnsSettings(): EnsSettings {
  return useKernelState(
    (state) => (state.plugins[ENS_PLUGIN_ID] as EnsState | undefined)?.settings ?? DEFAULT_ENS_SETTINGS,
  )
}
