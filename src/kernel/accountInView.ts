import type { Kernel } from './kernelTypes'
import type { CaipNetworkId, ChainNamespace, Network } from './types'

/** The active namespace's account and network, each undefined when there is none. */
export interface AccountInView {
  namespace: ChainNamespace | undefined
  address: string | undefined
  network: Network | undefined
  caipNetworkId: CaipNetworkId | undefined
}

/**
 * The account and network a feature's view is about: the active namespace's. Reads state
 * only; a feature decides what a missing part means for it.
 *
 * @example
 * const { address, network } = accountInView(kernel)
 * if (!address || !network) throw notConnected()
 */
export function accountInView(kernel: Kernel): AccountInView {
  const state = kernel.getState()
  const namespace = state.activeNamespace
  const network = namespace ? state.networks[namespace]?.caipNetwork : undefined
  return {
    namespace,
    address: namespace ? state.accounts[namespace]?.address : undefined,
    network,
    caipNetworkId: network?.caipNetworkId,
  }
}
