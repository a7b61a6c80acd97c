import type { Connector, ConnectorType } from 'latchkit'

/** Which `connectorTypes` group a connector kind sorts in. AUTH is a connect method, not a wallet. */
const groupOfType: Partial<Record<ConnectorType, string>> = {
  WALLET_CONNECT: 'walletConnect',
  ANNOUNCED: 'injected',
  INJECTED: 'injected',
  EXTERNAL: 'external',
  MULTI_CHAIN: 'external',
  CUSTOM: 'custom',
}

export interface WalletEntry {
  connector: Connector
  /** The `connectorTypes` id it sorts under ('recent', 'injected', ...). */
  group: string
}

/**
 * Orders wallets for the Connect view: by the `connectorTypes` slot's groups; wallets used
 * recently on their namespace form the 'recent' group, most recent first.
 *
 * @example
 * sortWallets(connectors, kernel.slots.list('connectorTypes').map((g) => g.id), storage.get('recentWallets') ?? [])
 */
export function sortWallets(
  connectors: readonly Connector[],
  order: readonly string[],
  recent: readonly { id: string; chain: string }[],
): WalletEntry[] {
  const recentRank = (c: Connector) => recent.findIndex((r) => r.id === c.id && r.chain === c.chain)
  const rank = (group: string) => {
    const index = order.indexOf(group)
    return index === -1 ? order.length : index
  }
  return connectors
    .flatMap((connector, index) => {
      const type = groupOfType[connector.type]
      if (!type) return []
      const group = recentRank(connector) >= 0 ? 'recent' : type
      return [{ connector, group, index }]
    })
    .sort(
      (a, b) =>
        rank(a.group) - rank(b.group) ||
        (a.group === 'recent' ? recentRank(a.connector) - recentRank(b.connector) : a.index - b.index),
    )
    .map(({ connector, group }) => ({ connector, group }))
}
