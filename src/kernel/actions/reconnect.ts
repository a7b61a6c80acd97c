import { applyConnection, dropUnconfirmedAccount, setNamespaceStatus } from '../connection'
import type { Kernel } from '../kernelTypes'
import type { ChainNamespace } from '../types'
import { refreshBalance } from './refreshBalance'

export interface ReconnectParameters {
  /** How long to wait for a connector that announces itself late (EIP-6963). */
  waitMs?: number
}

/**
 * Silently restores the last session of each namespace (no prompt): the recent connector
 * first, then the other recent wallets. A namespace is connected if any succeeds. Emits
 * `reconnect:end` when done. `<LatchProvider>` calls it on mount; an app without React
 * calls it once after createKernel.
 *
 * @example
 * await reconnect(kernel)
 */
export async function reconnect(kernel: Kernel, params: ReconnectParameters = {}): Promise<ChainNamespace[]> {
  const waitMs = params.waitMs ?? 1000
  const connectorIds = kernel.storage.get('connectedConnectorIds') ?? {}
  const state = kernel.getState()
  // Accounts the page shows while this runs (a server rendered them, see restoreInitialState):
  // confirmed here, or cleared.
  const shownNamespaces = Object.keys(state.accounts).filter(
    (ns) => state.accounts[ns]?.status === 'reconnecting' && state.accounts[ns]?.address,
  )
  // Any key names a namespace to restore: one lost or corrupt key must not lose the
  // session another still records.
  const namespaces = [
    ...new Set([
      ...(kernel.storage.get('connectedNamespaces') ?? []),
      ...Object.keys(connectorIds),
      ...shownNamespaces,
    ]),
    // A namespace connected already (by code before the page rendered, or by hand) is not
    // the last visit's to restore: asking its wallet again could only lose it.
  ].filter((ns) => {
    const account = kernel.getState().accounts[ns]
    return account !== undefined && account.status !== 'connected'
  })
  const restored: ChainNamespace[] = []
  await Promise.all(
    namespaces.map(async (namespace) => {
      const recentIds = [connectorIds[namespace], state.connectorIds[namespace]]
      const candidates = [
        ...new Set([
          ...recentIds.filter((id): id is string => !!id),
          ...(kernel.storage.get('recentWallets') ?? [])
            .filter((w) => w.chain === namespace)
            .map((w) => w.id),
        ]),
      ]
      if (candidates.length === 0) {
        dropUnconfirmedAccount(kernel, namespace)
        return
      }
      setNamespaceStatus(kernel, namespace, 'reconnecting')
      for (const id of candidates) {
        const connector = await kernel.connectors.waitFor(id, waitMs)
        if (!connector?.getAuthorized || kernel.internal.destroyed) continue
        try {
          const result = await connector.getAuthorized()
          if (!result || result.accounts.length === 0) continue
          applyConnection(kernel, connector, result)
          restored.push(namespace)
          void refreshBalance(kernel, { namespace }).catch(() => {})
          return
        } catch (error) {
          kernel.logger.info(`silent reconnect of ${id} failed`, error)
        }
      }
      if (!kernel.internal.destroyed) dropUnconfirmedAccount(kernel, namespace)
    }),
  )
  if (!kernel.internal.destroyed) kernel.bus.emit('reconnect:end', { restored })
  return restored
}
