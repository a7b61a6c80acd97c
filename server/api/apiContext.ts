/**
 * What the route modules of the API share: the chains it reads, and the configuration
 * the integrator gave (prices, wallet registry, images, names, project settings). Each
 * route module takes the whole context and uses what its endpoints need.
 */
import type { Address } from 'viem'
import type { ChainLookup } from './chainLookup.js'
import type { ChainReader } from './chainReader.js'
import type { HistorySource } from './historySource.js'
import type { OnrampSettings } from './onrampProvider.js'
import type { PriceSource } from './priceSource.js'
import type { SolanaReader } from './solanaReader.js'

/** Project settings, read on every request so a running service (or a test) can change them. */
export type ApiSettings = {
  /** GET /getAnalyticsConfig answer. */
  analyticsEnabled: boolean
  /** GET /projects/v1/origins answer ([] = every origin allowed). */
  allowedOrigins: string[]
  /**
   * The chains the convert (swap) API serves, each with the Uniswap V2 router it quotes
   * and builds swaps on and that router's WETH. A chain missing here is not a swap chain:
   * every convert route answers it 400 `SWAPS_UNSUPPORTED_NETWORK`. Default: none.
   */
  swap?: SwapSettings
}

/** A Uniswap V2 deployment per CAIP-2 chain id (`eip155:<id>`), e.g. Router02 and WETH9 on mainnet. */
export type SwapSettings = {
  chains: Record<string, SwapChain>
}

export type SwapChain = {
  /** UniswapV2Router02 (or a router with its interface and library). */
  router: Address
  /** The wrapped native token the router pairs for ETH (its `WETH()`). */
  weth: Address
}

/** One wallet of GET /getWallets, as clients receive it. */
export type WalletListItem = {
  id: string
  name: string
  image_id: string
  rdns: string
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  badge_type: 'certified' | 'none'
}

/**
 * The images the API serves, as SVG text; undefined is a 404. Wallet images are named by
 * a registry wallet's `image_id`; the others by the id a client was given for an asset,
 * currency or token.
 */
export type ImageSource = {
  walletImage(imageId: string): string | undefined
  publicImage(kind: 'asset' | 'currency' | 'token', id: string): string | undefined
}

/**
 * Where names come from (`server/names` builds one on ENS; without one, none exist): an
 * account's identity, a name's profile, the names of an address, free names to suggest,
 * and registration.
 */
export type NameService = {
  identity?(
    address: Address,
    chainId: string,
  ): Promise<{ name: string | null; avatar: string | null } | undefined>
  lookup?(name: string): Promise<Record<string, unknown> | undefined>
  reverse?(address: Address): Promise<Record<string, unknown>[]>
  /** Names under `zone` like `typed`, each said to be free or taken. */
  suggest?(typed: string, zone: string): Promise<{ name: string; registered: boolean }[]>
  register?(body: {
    coin_type: number | string
    address: string
    message: string
    signature: string
  }): Promise<Record<string, unknown>>
}

export type ApiContext = {
  reader: ChainReader
  chains: ChainLookup
  solana: SolanaReader | undefined
  prices: PriceSource
  settings: ApiSettings
  /** Every wallet, in the order pages list them. */
  registry: readonly WalletListItem[]
  images: ImageSource | undefined
  names: NameService | undefined
  /** The indexes history is read from, one per chain family; none means no history. */
  history: readonly HistorySource[]
  /** The on-ramp providers; without them the on-ramp routes answer 501. */
  onramp: OnrampSettings | undefined
  /** Whether `/siwe/*` is served here now (the verifier may be given after the start). */
  signIn: () => boolean
}
