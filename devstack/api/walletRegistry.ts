/**
 * The fixture wallet registry the local API serves on GET /getWallets: 520 made-up
 * wallets, generated from their index so every run, test and demo sees the same list.
 * Names, ids and links are invented; none points at a real product.
 */
import { createHash } from 'node:crypto'

/** SPEC §3 'Wallet list item', plus the badge used by the `badge_type` filter. */
export type RegistryWallet = {
  id: string
  name: string
  image_id: string
  rdns: string
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  badge_type: 'certified' | 'none'
  /** Hue of the generated icon. */
  hue: number
}

export const REGISTRY_SIZE = 520

const prefixes = [
  'Amber',
  'Basalt',
  'Cobalt',
  'Drift',
  'Ember',
  'Fjord',
  'Garnet',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Marble',
  'Nimbus',
  'Onyx',
  'Pebble',
  'Quartz',
  'Raven',
  'Sable',
  'Tundra',
  'Umber',
  'Vesper',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
]
const suffixes = ['Wallet', 'Vault', 'Keys', 'Pocket', 'Safe', 'Purse', 'Ledger', 'Pass', 'Box', 'Hub']

const evmChains = ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161']
const localChains = ['eip155:31337', 'eip155:31338']
const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function hex(seed: string): string {
  return createHash('sha256').update(seed).digest('hex')
}

function walletAt(index: number): RegistryWallet {
  const prefix = prefixes[index % prefixes.length] as string
  const suffix = suffixes[Math.floor(index / prefixes.length) % suffixes.length] as string
  // 26 x 10 = 260 distinct pairs; the second round gets a number so names stay unique.
  const round = Math.floor(index / (prefixes.length * suffixes.length))
  const name = round === 0 ? `${prefix} ${suffix}` : `${prefix} ${suffix} ${round + 1}`
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
  const chains = [
    ...evmChains.filter((_, i) => (index + i) % 3 !== 0),
    ...(index % 4 === 0 ? localChains : []),
    ...(index % 5 === 0 ? [solanaChain] : []),
  ]
  return {
    id: hex(`latchkit-wallet-${index}`),
    name,
    image_id: hex(`latchkit-wallet-image-${index}`).slice(0, 36),
    rdns: `app.${slug}.wallet`,
    chains: chains.length > 0 ? chains : ['eip155:1'],
    mobile_link: index % 3 === 2 ? null : `${slug}://`,
    desktop_link: index % 2 === 0 ? `${slug}-desktop://` : null,
    webapp_link: index % 7 === 0 ? null : `https://${slug}.wallet.example`,
    badge_type: index % 5 === 1 ? 'certified' : 'none',
    hue: (index * 47) % 360,
  }
}

/**
 * Builds the registry: the same {@link REGISTRY_SIZE} wallets in the same order every time.
 *
 * @example
 * const wallets = createWalletRegistry()
 * wallets[0].name // 'Amber Wallet'
 */
export function createWalletRegistry(size = REGISTRY_SIZE): RegistryWallet[] {
  return Array.from({ length: size }, (_, index) => walletAt(index))
}

export type WalletQuery = {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  search?: string
  badge_type?: 'certified' | 'none'
  chains?: string[]
}

/**
 * Applies the GET /getWallets filters, then pages: `include` keeps only those ids,
 * `exclude` drops ids, `search` matches names case-insensitively, `badge_type=certified`
 * keeps certified wallets, `chains` keeps wallets supporting any of them. `count` is the
 * total after filtering.
 *
 * @example
 * queryWallets(registry, { page: 2, entries: 40, search: 'vault' })
 */
export function queryWallets(
  registry: readonly RegistryWallet[],
  query: WalletQuery,
): { count: number; data: RegistryWallet[] } {
  const include = query.include && query.include.length > 0 ? new Set(query.include) : undefined
  const exclude = new Set(query.exclude ?? [])
  const search = query.search?.trim().toLowerCase()
  const chains = query.chains && query.chains.length > 0 ? query.chains : undefined
  const matching = registry.filter(
    (wallet) =>
      (!include || include.has(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (!search || wallet.name.toLowerCase().includes(search)) &&
      (query.badge_type !== 'certified' || wallet.badge_type === 'certified') &&
      (!chains || chains.some((chain) => wallet.chains.includes(chain))),
  )
  const start = (query.page - 1) * query.entries
  return { count: matching.length, data: matching.slice(start, start + query.entries) }
}
