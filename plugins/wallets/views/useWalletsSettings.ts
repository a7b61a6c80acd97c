'use client'
import { useKernelState } from 'latchkit/react'
import { WALLETS_PLUGIN_ID } from '../ids'
import { DEFAULT_WALLETS_SETTINGS, type WalletsSettings, type WalletsState } from '../state'

/**
 * The wallets plugin's settings, as the integrator gave them, with the app's chains.
 *
 * @example
 * const { featuredWalletIds } = useWalletsSettings()
 */
export function useWalletsSettings(): WalletsSettings {
  return useKernelState(
    (state) =>
      (state.plugins[WALLETS_PLUGIN_ID] as WalletsState | undefined)?.settings ?? DEFAULT_WALLETS_SETTINGS,
  )
}
