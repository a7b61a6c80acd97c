/**
 * The fixture wallet registry the local API serves on GET /getWallets: a few dozen real
 * wallets first (names, rdns and links only, see realWallets.ts), then the dev wallets
 * of the devstack, then made-up wallets generated from their index up to the size asked
 * (520 by default, 5,000 for the bench), so every run, test and demo sees the same list.
 * Ids and icons are ours: sha256 ids and generated monograms, never a brand's logo.
 */
import { createHash } from 'node:crypto'
import type { WalletListItem } from '../../server/api/apiContext.js'
import { realWallets } from './realWallets.js'

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

/** A generated wallet: an invented name, rdns and links that point at no real product. */
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

const evmEverywhere = [...evmChains, ...localChains]

/** The real wallets, with our ids, every EVM chain (the local ones too) and a hue each. */
function listedRealWallets(): RegistryWallet[] {
  return realWallets.map((wallet, index) => ({
    id: hex(`latchkit-registry:${wallet.rdns ?? wallet.name}`),
    name: wallet.name,
    image_id: hex(`latchkit-registry-image:${wallet.name}`).slice(0, 36),
    rdns: wallet.rdns ?? `registry.latchkit.${wallet.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
    chains: wallet.solana ? [...evmEverywhere, solanaChain] : evmEverywhere,
    mobile_link: wallet.mobile_link ?? null,
    desktop_link: null,
    webapp_link: wallet.homepage ?? null,
    badge_type: 'certified',
    hue: (index * 83 + 20) % 360,
  }))
}

/** Where the devstack's own wallets live when they are pages rather than in the demo page. */
export type DevWalletLinks = {
  /** The dev mobile wallet (WalletConnect): listed with this as its web app, so picking it opens it with the pairing URI. */
  mobileWalletUrl?: string
}

/**
 * The devstack's own wallets: the EVM dev wallet announces `dev.latchkit.wallet`, so the
 * registry entry shows as installed on a page that has it; the dev mobile wallet, when its
 * address is known, is a web app that WalletConnect opens.
 */
function devWallets(links: DevWalletLinks): RegistryWallet[] {
  const mobile: RegistryWallet[] = links.mobileWalletUrl
    ? [
        {
          id: hex('latchkit-registry:dev.latchkit.mobile-wallet'),
          name: 'Latch Mobile Wallet',
          image_id: hex('latchkit-registry-image:Latch Mobile Wallet').slice(0, 36),
          // No page announces it: it is not installed, so the list connects it through WalletConnect.
          rdns: 'dev.latchkit.mobile-wallet',
          chains: [...evmEverywhere, solanaChain],
          mobile_link: null,
          desktop_link: null,
          webapp_link: links.mobileWalletUrl,
          badge_type: 'none',
          hue: 150,
        },
      ]
    : []
  return [
    {
      id: hex('latchkit-registry:dev.latchkit.wallet'),
      name: 'Latch Dev Wallet',
      image_id: hex('latchkit-registry-image:Latch Dev Wallet').slice(0, 36),
      rdns: 'dev.latchkit.wallet',
      chains: evmEverywhere,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      badge_type: 'none',
      hue: 210,
    },
    ...mobile,
  ]
}

/**
 * Builds the registry: the real wallets, the dev wallets, then generated ones up to
 * `size` ({@link REGISTRY_SIZE} by default), in the same order every time.
 *
 * @example
 * const wallets = createWalletRegistry()
 * wallets[0].name // 'MetaMask'
 * createWalletRegistry(5_000).length // 5000
 * createWalletRegistry(520, { mobileWalletUrl: 'http://127.0.0.1:41000/' }) // lists 'Latch Mobile Wallet' too
 */
export function createWalletRegistry(size = REGISTRY_SIZE, links: DevWalletLinks = {}): RegistryWallet[] {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`registry size must be a positive integer, got ${size}`)
  }
  const known = [...listedRealWallets(), ...devWallets(links)]
  const generated = Array.from({ length: Math.max(0, size - known.length) }, (_, index) => walletAt(index))
  return [...known, ...generated].slice(0, size)
}

/** The registry as the API serves it: each wallet without its icon hue. */
export function listedWallets(registry: readonly RegistryWallet[]): WalletListItem[] {
  return registry.map(({ hue: _hue, ...wallet }) => wallet)
}
