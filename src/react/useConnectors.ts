'use client'
import type { ChainNamespace, Connector } from 'latchkit'
import { useMemo, useSyncExternalStore } from 'react'
import { useKernel } from './context'

/**
 * The registered connectors (all of them, or one namespace's), updated as wallets
 * announce themselves.
 *
 * @example
 * const connectors = useConnectors('eip155')
 */
export function useConnectors(namespace?: ChainNamespace): readonly Connector[] {
  const { connectors } = useKernel('useConnectors')
  // list() keeps its identity until the registry changes, as useSyncExternalStore needs.
  const all = useSyncExternalStore(connectors.subscribe, connectors.list, connectors.list)
  return useMemo(() => (namespace ? all.filter((c) => c.chain === namespace) : all), [all, namespace])
}
