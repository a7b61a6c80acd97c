import type { Kernel } from 'latchkit'
import { accountInView } from 'latchkit/internal'
import { SWAPS_PLUGIN_ID } from './ids'
import { DEFAULT_SWAP_SETTINGS, type SwapsState } from './state'

// Read through pluginState rather than swapsSlice: the Account view asks this on every
// render, and the plugin's start-up code should not carry the slice helpers.
const stateOf = (kernel: Kernel): Pick<SwapsState, 'settings' | 'serverChains'> =>
  kernel.pluginState<SwapsState>(SWAPS_PLUGIN_ID) ?? {
    settings: DEFAULT_SWAP_SETTINGS,
    serverChains: undefined,
  }

/**
 * The networks swaps are offered on: the plugin's `chains`, less those the Blockchain API
 * said it does not serve (once it said).
 */
function offeredChains(kernel: Kernel): SwapsState['settings']['chains'] {
  const { settings, serverChains } = stateOf(kernel)
  return serverChains ? settings.chains.filter((id) => serverChains.includes(id)) : settings.chains
}

/**
 * Why swaps cannot be used on the network in view, as the code of its message in
 * `swapsMessages` (undefined when they can): the app's server serves no swaps at all
 * (SWAPS_NOT_CONFIGURED), another chain family (SWAPS_EVM_ONLY), or an EVM network outside
 * the plugin's `chains` or the server's swap chains (SWAPS_UNSUPPORTED_NETWORK).
 *
 * @example
 * swapUnavailability(kernel) // 'SWAPS_UNSUPPORTED_NETWORK'
 */
export function swapUnavailability(
  kernel: Kernel,
): 'SWAPS_NOT_CONFIGURED' | 'SWAPS_EVM_ONLY' | 'SWAPS_UNSUPPORTED_NETWORK' | undefined {
  const { network } = accountInView(kernel)
  if (!network) return undefined
  if (stateOf(kernel).serverChains?.length === 0) return 'SWAPS_NOT_CONFIGURED'
  if (network.chainNamespace !== 'eip155') {
    return 'SWAPS_EVM_ONLY'
  }
  if (!offeredChains(kernel).includes(network.caipNetworkId)) {
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
  return offeredChains(kernel).map((id) => configured.get(id) ?? id)
}
