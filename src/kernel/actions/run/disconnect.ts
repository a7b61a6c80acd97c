import { clearNamespace } from '../../connection'
import { type LatchError, latchError } from '../../errors'
import type { Kernel } from '../../kernelTypes'
import type { ChainNamespace } from '../../types'

export interface DisconnectParameters {
  /** One namespace; default: every connected namespace. */
  namespace?: ChainNamespace
}
export type DisconnectErrorType = LatchError

/** Connector kinds whose one session spans chains: disconnecting one disconnects all. */
const SHARED_SESSION_TYPES = ['WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN']

/** What `disconnect` (actions/disconnect.ts) does, loaded on its first call. */
export async function disconnect(kernel: Kernel, params: DisconnectParameters = {}): Promise<void> {
  const state = kernel.getState()
  const connected = Object.keys(state.connectorIds).filter((ns) => state.connectorIds[ns])
  let targets = params.namespace ? connected.filter((ns) => ns === params.namespace) : connected
  // Disconnecting a wallet-connect or auth connector disconnects the other chains on it too.
  for (const namespace of [...targets]) {
    const connector = kernel.connectors.get(state.connectorIds[namespace] as string)
    if (connector && SHARED_SESSION_TYPES.includes(connector.type)) {
      const siblings = connected.filter((ns) => {
        const other = kernel.connectors.get(state.connectorIds[ns] as string)
        return other?.type === connector.type
      })
      targets = [...new Set([...targets, ...siblings])]
    }
  }
  const failures: unknown[] = []
  const disconnected = new Set<string>()
  for (const namespace of targets) {
    const connectorId = state.connectorIds[namespace] as string
    const connector = kernel.connectors.get(connectorId)
    try {
      // One connector may serve several namespaces: tell it once.
      if (connector && !disconnected.has(connector.id)) {
        disconnected.add(connector.id)
        await connector.disconnect()
      }
    } catch (error) {
      failures.push(error)
      kernel.logger.warn(`disconnect of ${connectorId} failed`, error)
    } finally {
      clearNamespace(kernel, namespace)
    }
  }
  if (kernel.getState().status !== 'connected') {
    // Clearing one namespace moves the view to another still connected; once none is, the
    // page goes back to the network it was on, not the last one cleared.
    if (kernel.getState().activeNamespace !== state.activeNamespace)
      kernel.store.setState((draft) => {
        draft.activeNamespace = state.activeNamespace
      })
    kernel.close()
  }
  if (failures.length > 0) {
    throw latchError(
      targets.length > 1 ? 'DISCONNECT_CHAINS_FAILED' : 'DISCONNECT_FAILED',
      {},
      { cause: failures[0] },
    )
  }
}
