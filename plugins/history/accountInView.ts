import type { CaipNetworkId, Kernel } from 'latchkit'

/**
 * The account and network the activity list is about: the active namespace's.
 *
 * @example
 * const { address, caipNetworkId } = accountInView(kernel)
 */
export function accountInView(kernel: Kernel): {
  address: string | undefined
  caipNetworkId: CaipNetworkId | undefined
} {
  const state = kernel.getState()
  const namespace = state.activeNamespace
  if (!namespace) return { address: undefined, caipNetworkId: undefined }
  return {
    address: state.accounts[namespace]?.address,
    caipNetworkId: state.networks[namespace]?.caipNetwork?.caipNetworkId as CaipNetworkId | undefined,
  }
}
