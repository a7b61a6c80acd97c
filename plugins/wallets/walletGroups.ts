import type { Connector, RegistryWallet } from 'latchkit'
import type { WalletsSettings } from './state'

/**
 * The connector a registry wallet is installed as: the announced connector whose rdns is
 * the wallet's, if any.
 *
 * @example
 * installedConnector({ id, name: 'MetaMask', rdns: 'io.metamask' }, connectors)?.id // 'io.metamask'
 */
export function installedConnector(
  wallet: Pick<RegistryWallet, 'rdns'>,
  connectors: readonly Connector[],
): Connector | undefined {
  if (!wallet.rdns) return undefined
  return connectors.find((connector) => connector.info?.rdns === wallet.rdns)
}

/** The rdns of every connector that announced one: the wallets installed in this browser. */
export function installedRdns(connectors: readonly Connector[]): Set<string> {
  const found = new Set<string>()
  for (const connector of connectors) if (connector.info?.rdns) found.add(connector.info.rdns)
  return found
}

/**
 * The featured ids the registry is asked for: in the integrator's order, without those
 * `excludeWalletIds` drops or an `includeWalletIds` list leaves out.
 *
 * @example
 * featuredIds({ featuredWalletIds: [a, b], includeWalletIds: [], excludeWalletIds: [b] }) // [a]
 */
export function featuredIds(
  settings: Pick<WalletsSettings, 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>,
): string[] {
  const include = settings.includeWalletIds.length > 0 ? new Set(settings.includeWalletIds) : undefined
  const exclude = new Set(settings.excludeWalletIds)
  return [...new Set(settings.featuredWalletIds)].filter(
    (id) => !exclude.has(id) && (!include || include.has(id)),
  )
}

/**
 * The featured wallets in the order the ids were given, leaving out the installed ones
 * (the list shows those in its installed group already).
 *
 * @example
 * orderFeatured(answer.wallets, [b, a], new Set()) // [wallet b, wallet a]
 */
export function orderFeatured(
  wallets: readonly RegistryWallet[],
  ids: readonly string[],
  installed: ReadonlySet<string>,
): RegistryWallet[] {
  const byId = new Map(wallets.map((wallet) => [wallet.id, wallet]))
  return ids.flatMap((id) => {
    const wallet = byId.get(id)
    return wallet && !(wallet.rdns && installed.has(wallet.rdns)) ? [wallet] : []
  })
}

/**
 * The recommended wallets: the registry's first ones that are neither featured nor
 * installed, at most `limit`.
 *
 * @example
 * pickRecommended(firstPage, { featured: [a], installed: new Set(['io.metamask']), limit: 4 })
 */
export function pickRecommended(
  wallets: readonly RegistryWallet[],
  {
    featured,
    installed,
    limit,
  }: { featured: readonly string[]; installed: ReadonlySet<string>; limit: number },
): RegistryWallet[] {
  const skip = new Set(featured)
  return wallets
    .filter((wallet) => !skip.has(wallet.id) && !(wallet.rdns && installed.has(wallet.rdns)))
    .slice(0, limit)
}

/**
 * Wallets already read whose name contains `query` (case-insensitive): what the list shows
 * at once on a keystroke, until the registry's search answers.
 *
 * @example
 * matchLoaded(wallets, 'RAIN') // [Rainbow]
 */
export function matchLoaded(
  wallets: readonly RegistryWallet[],
  query: string,
  limit: number,
): RegistryWallet[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return wallets.slice(0, limit)
  const found: RegistryWallet[] = []
  for (const wallet of wallets) {
    if (wallet.name.toLowerCase().includes(needle)) {
      found.push(wallet)
      if (found.length === limit) break
    }
  }
  return found
}
