'use client'
import { type ChainNamespace, type Network, switchNetwork } from 'latchkit'
import { isSupportedNetwork } from 'latchkit/internal'
import { useCallback, useMemo } from 'react'
import { useKernel } from './context'
import { useKernelState } from './useKernelState'

export interface UseNetworkReturnType {
  /** The namespace's active network; may be a stand-in for an unknown chain. */
  caipNetwork: Network | undefined
  /** The configured networks of the namespace. */
  networks: Network[]
  /** Whether the active network is one the app supports. */
  supported: boolean
  namespace: ChainNamespace | undefined
  /** Asks the wallet (when connected) to move to a configured network. */
  switchNetwork(caipNetworkId: string): Promise<Network>
}

/**
 * The active network of a namespace (default: the active one) and a way to switch.
 *
 * @example
 * const { caipNetwork, networks, switchNetwork } = useNetwork()
 * await switchNetwork('eip155:8453')
 */
export function useNetwork(namespace?: ChainNamespace): UseNetworkReturnType {
  const kernel = useKernel('useNetwork')
  const { ns, caipNetwork } = useKernelState((state) => {
    const ns = namespace ?? state.activeNamespace
    return { ns, caipNetwork: ns ? state.networks[ns]?.caipNetwork : undefined }
  })
  // Options never change after createKernel, so the list is computed once per namespace.
  const networks = useMemo(() => (ns ? kernel.networks(ns) : []), [kernel, ns])
  const switchTo = useCallback((caipNetworkId: string) => switchNetwork(kernel, { caipNetworkId }), [kernel])
  return {
    caipNetwork,
    networks,
    supported: isSupportedNetwork(kernel, caipNetwork),
    namespace: ns,
    switchNetwork: switchTo,
  }
}
