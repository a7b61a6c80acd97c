import { applyChain, evaluateUnsupportedChain } from '../../connection'
import { type LatchError, latchError, toRpcError } from '../../errors'
import type { Kernel } from '../../kernelTypes'
import type { Network } from '../../types'
import { refreshBalance } from '../refreshBalance'

export interface SwitchNetworkParameters {
  caipNetworkId: string
}
export type SwitchNetworkReturnType = Network
export type SwitchNetworkErrorType = LatchError

/** What `switchNetwork` (actions/switchNetwork.ts) does, loaded on its first call. */
export async function switchNetwork(kernel: Kernel, params: SwitchNetworkParameters): Promise<Network> {
  const network = kernel.networks().find((n) => n.caipNetworkId === params.caipNetworkId)
  if (!network) throw latchError('NETWORK_NOT_FOUND', {}, { details: params.caipNetworkId })
  const namespace = network.chainNamespace
  const state = kernel.getState()
  const changesNamespace = state.activeNamespace !== namespace
  if (changesNamespace) {
    kernel.store.setState((draft) => {
      draft.switchingNamespace = true
    })
  }
  try {
    const connectorId = state.connectorIds[namespace]
    const connected = state.accounts[namespace]?.status === 'connected'
    const current = state.networks[namespace]?.caipNetwork?.caipNetworkId
    if (connected && connectorId && current !== network.caipNetworkId) {
      const connector = kernel.connectors.get(connectorId)
      if (!connector) throw latchError('CONNECTOR_NOT_CONNECTED')
      if (!connector.switchNetwork)
        throw latchError('CHAIN_MISMATCH', {}, { details: `${connector.name} cannot switch networks` })
      try {
        await connector.switchNetwork(network)
      } catch (cause) {
        throw toRpcError(cause)
      }
    }
    kernel.store.setState((draft) => {
      draft.activeNamespace = namespace
    })
    if (kernel.getState().networks[namespace]?.caipNetwork?.caipNetworkId !== network.caipNetworkId) {
      applyChain(kernel, namespace, network.id)
    } else {
      evaluateUnsupportedChain(kernel, namespace)
    }
    kernel.storage.set('lastUsedChain', network.caipNetworkId)
    if (connected) void refreshBalance(kernel, { namespace }).catch(() => {})
    return network
  } finally {
    if (changesNamespace) {
      kernel.store.setState((draft) => {
        draft.switchingNamespace = false
      })
    }
  }
}
