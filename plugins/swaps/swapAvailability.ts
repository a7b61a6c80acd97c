import type { Kernel } from 'latchkit'
import { accountInView } from 'latchkit/internal'
import { SWAPS_PLUGIN_ID } from './ids'
import { DEFAULT_SWAP_SETTINGS, type SwapSettings, type SwapsState } from './state'

// Read through pluginState rather than swapsSlice: the Account view asks this on every
// render, and the plugin's start-up code should not carry the slice helpers.
const settingsOf = (kernel: Kernel): SwapSettings =>
  kernel.pluginState<SwapsState>(SWAPS_PLUGIN_ID)?.settings ?? DEFAULT_SWAP_SETTINGS

/**
 * Why swaps cannot be used on the network in view, as the code of its message in
 * `swapsMessages` (undefined when they can): another chain family (SWAPS_EVM_ONLY), or an
 * EVM network outside the plugin's `chains` (SWAPS_UNSUPPORTED_NETWORK).
 *
 * @example
 * swapUnavailability(kernel) // 'SWAPS_UNSUPPORTED_NETWORK'
 */
export function swapUnavailability(
  kernel: Kernel,
): 'SWAPS_EVM_ONLY' | 'SWAPS_UNSUPPORTED_NETWORK' | undefined {
  const { network } = accountInView(kernel)
  if (!network) return undefined
  if (network.chainNamespace !== 'eip155') {
    return 'SWAPS_EVM_ONLY'
  }
  if (!settingsOf(kernel).chains.includes(network.caipNetworkId)) {
    return 'SWAPS_UNSUPPORTED_NETWORK'
  }
  return undefined
}

/**
 * The names of the networks swaps are offered on, for telling a visitor where to go: the
 * app's name for a network it configured, the CAIP-2 id for one it did not.
 *
 * @example
 * swapNetworkNames(kernel) // ['Ethereum', 'Base', 'eip155:42161', ...]
 */
export function swapNetworkNames(kernel: Kernel): string[] {
  const configured = new Map(kernel.networks().map((network) => [network.caipNetworkId, network.name]))
  return settingsOf(kernel).chains.map((id) => configured.get(id) ?? id)
}
