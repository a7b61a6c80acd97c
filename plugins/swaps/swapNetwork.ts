import { type Kernel, type Network, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { swapsMessages } from './messages'
import { swapsSlice } from './slice'

/** The connection a swap is made on. */
export interface SwapConnection {
  network: Network
  /** The account's address, as the chain writes it. */
  address: string
}

/**
 * Why swaps cannot be used on the network in view (undefined when they can): another
 * chain family (SWAPS_EVM_ONLY), or an EVM network outside the plugin's `chains`
 * (SWAPS_UNSUPPORTED_NETWORK).
 *
 * @example
 * swapUnavailability(kernel) // { code: 'SWAPS_UNSUPPORTED_NETWORK', message: 'Network not supported for Swaps' }
 */
export function swapUnavailability(
  kernel: Kernel,
): { code: 'SWAPS_EVM_ONLY' | 'SWAPS_UNSUPPORTED_NETWORK'; message: string } | undefined {
  const state = kernel.getState()
  const namespace = state.activeNamespace
  const network = namespace ? state.networks[namespace]?.caipNetwork : undefined
  if (!network) return undefined
  if (network.chainNamespace !== 'eip155') {
    return { code: 'SWAPS_EVM_ONLY', message: swapsMessages.SWAPS_EVM_ONLY }
  }
  if (!swapsSlice(kernel).get().settings.chains.includes(network.caipNetworkId)) {
    return { code: 'SWAPS_UNSUPPORTED_NETWORK', message: swapsMessages.SWAPS_UNSUPPORTED_NETWORK }
  }
  return undefined
}

/**
 * The connected account and its network, when swaps work there; otherwise throws a
 * ValidationError with the code of {@link swapUnavailability} (or NO_ACTIVE_CAIP_ADDRESS without a connection).
 *
 * @example
 * const { network, address } = swapConnection(kernel)
 */
export function swapConnection(kernel: Kernel): SwapConnection {
  const state = kernel.getState()
  const namespace = state.activeNamespace
  const network = namespace ? state.networks[namespace]?.caipNetwork : undefined
  const address = namespace ? state.accounts[namespace]?.address : undefined
  if (!network || !address) {
    throw new ValidationError(messages.NO_ACTIVE_CAIP_ADDRESS, { code: 'NO_ACTIVE_CAIP_ADDRESS' })
  }
  const problem = swapUnavailability(kernel)
  if (problem) {
    throw new ValidationError(problem.message, { code: problem.code, details: network.caipNetworkId })
  }
  return { network, address }
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
  return swapsSlice(kernel)
    .get()
    .settings.chains.map((id) => configured.get(id) ?? id)
}
