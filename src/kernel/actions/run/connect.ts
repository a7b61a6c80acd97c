import { applyConnection, setNamespaceStatus } from '../../connection'
import { type LatchError, latchError, toRpcError } from '../../errors'
import type { Kernel } from '../../kernelTypes'
import type { ChainNamespace, ConnectResult, Network } from '../../types'
import { refreshBalance } from '../refreshBalance'

export interface ConnectParameters {
  connectorId: string
  /** CAIP-2 id to ask the wallet for; defaults to the namespace's active network. */
  caipNetworkId?: string
}
export type ConnectReturnType = ConnectResult & { namespace: ChainNamespace }
export type ConnectErrorType = LatchError

/** What `connect` (actions/connect.ts) does, loaded on its first call. */
export async function connect(kernel: Kernel, params: ConnectParameters): Promise<ConnectReturnType> {
  const connector = kernel.connectors.get(params.connectorId)
  if (!connector) {
    throw latchError('CONNECTOR_NOT_FOUND', {}, { details: `No connector with id "${params.connectorId}"` })
  }
  const namespace = connector.chain
  const state = kernel.getState()
  if (!state.accounts[namespace]) {
    throw latchError(
      'CHAIN_NOT_CONFIGURED',
      {},
      { details: `No network of namespace ${namespace} is configured` },
    )
  }
  if (state.connectorIds[namespace] === connector.id && state.accounts[namespace]?.status === 'connected') {
    throw latchError('CONNECTOR_ALREADY_CONNECTED', {}, { details: connector.name })
  }
  let network: Network | undefined = state.networks[namespace]?.caipNetwork
  if (params.caipNetworkId) {
    network = kernel.networks(namespace).find((n) => n.caipNetworkId === params.caipNetworkId)
    if (!network) throw latchError('NETWORK_NOT_FOUND', {}, { details: params.caipNetworkId })
  }
  const previous = state.accounts[namespace]?.status ?? 'disconnected'
  setNamespaceStatus(kernel, namespace, 'connecting')
  kernel.bus.emit('connect:start', { connectorId: connector.id, namespace })
  let result: ConnectResult
  try {
    result = await connector.connect({ network })
    if (result.accounts.length === 0) throw latchError('ACCOUNT_NOT_FOUND')
  } catch (cause) {
    const error = toRpcError(cause)
    setNamespaceStatus(kernel, namespace, previous === 'connected' ? 'connected' : 'disconnected')
    kernel.bus.emit('connect:error', { connectorId: connector.id, namespace, error })
    throw error
  }
  applyConnection(kernel, connector, result)
  const account = kernel.getState().accounts[namespace]
  if (account?.address && account.caipAddress) {
    kernel.bus.emit('connect:success', {
      connectorId: connector.id,
      namespace,
      address: account.address,
      caipAddress: account.caipAddress,
    })
  }
  void refreshBalance(kernel, { namespace }).catch(() => {})
  return { ...result, namespace }
}
