import { isSupportedNetwork } from '../connection'
import { latchError } from '../errors'
import type { Kernel } from '../kernelTypes'
import type { ChainNamespace, Connector, Network } from '../types'

export interface ActiveConnection {
  namespace: ChainNamespace
  connector: Connector
  network: Network
  address: string
}

/**
 * The connector, network and address an action works with, or the error that says which
 * is missing ('No ActiveCaipAddress found', 'Unsupported chain', ...).
 */
export function activeConnection(kernel: Kernel, namespace?: ChainNamespace): ActiveConnection {
  const state = kernel.getState()
  const ns = namespace ?? state.activeNamespace
  const account = ns ? state.accounts[ns] : undefined
  if (!ns || !account?.address || account.status !== 'connected') throw latchError('NO_ACTIVE_CAIP_ADDRESS')
  const network = state.networks[ns]?.caipNetwork
  if (!network) throw latchError('NO_ACTIVE_CAIP_NETWORK')
  if (!isSupportedNetwork(kernel, network)) throw latchError('UNSUPPORTED_CHAIN')
  const connector = kernel.connectors.get(state.connectorIds[ns] ?? '')
  if (!connector) throw latchError('CONNECTOR_NOT_CONNECTED')
  return { namespace: ns, connector, network, address: account.address }
}
