'use client'
import { useKernelState } from 'latchkit/react'
import { SOCIAL_PLUGIN_ID } from '../ids'
import { SOCIAL_PROVIDERS, type SocialLoginProvider } from '../providers'
import type { SocialState } from '../state'

/**
 * The providers the app offers, in its order.
 *
 * @example const [first, ...rest] = useSocialProviders()
 */
export function useSocialProviders(): readonly SocialLoginProvider[] {
  return useKernelState(
    (state) => (state.plugins[SOCIAL_PLUGIN_ID] as SocialState | undefined)?.providers ?? SOCIAL_PROVIDERS,
  )
}
