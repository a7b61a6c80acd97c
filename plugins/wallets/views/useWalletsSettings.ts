'use client'
import { useKernelState } from 'latchkit/react'
import {
  DEFAULT_WALLETS_SETTINGS,
  WALLETS_PLUGIN_ID,
  type WalletsSettings,
  type WalletsState,
} from '../state'

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
