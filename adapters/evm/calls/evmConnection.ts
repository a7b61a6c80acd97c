import type { Connector, Kernel, Network } from 'latchkit'
import { isSupportedNetwork, latchError } from 'latchkit/internal'

/**
 * The connected EVM wallet's connector, network and address, or the error that says which
 * is missing ('No ActiveCaipAddress found', 'Unsupported chain', ...), as the kernel's own
 * actions say it. Written here rather than taken from the kernel: exporting the kernel's
 * lookup from `latchkit/internal` put it in every app's first chunk.
 *
 * @example
 * const { connector, network, address } = evmConnection(kernel)
 */
export function evmConnection(kernel: Kernel): { connector: Connector; network: Network; address: string } {
  const state = kernel.getState()
  const account = state.accounts.eip155
  if (!account?.address || account.status !== 'connected') throw latchError('NO_ACTIVE_CAIP_ADDRESS')
  const network = state.networks.eip155?.caipNetwork
  if (!network) throw latchError('NO_ACTIVE_CAIP_NETWORK')
  if (!isSupportedNetwork(kernel, network)) throw latchError('UNSUPPORTED_CHAIN')
  const connector = kernel.connectors.get(state.connectorIds.eip155 ?? '')
  if (!connector) throw latchError('CONNECTOR_NOT_CONNECTED')
  return { connector, network, address: account.address }
}
