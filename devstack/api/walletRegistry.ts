/**
 * The fixture wallet registry the local API serves on GET /getWallets: 520 made-up
 * wallets, generated from their index so every run, test and demo sees the same list.
 * Names, ids and links are invented; none points at a real product.
 */
import { createHash } from 'node:crypto'
import type { WalletListItem } from '../../server/api/apiContext.js'

/** A wallet as the API lists it, plus the hue of its generated icon. */
export type RegistryWallet = WalletListItem & {
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

/** The registry as the API serves it: each wallet without its icon hue. */
export function listedWallets(registry: readonly RegistryWallet[]): WalletListItem[] {
  return registry.map(({ hue: _hue, ...wallet }) => wallet)
}
