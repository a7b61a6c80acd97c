/**
 * What `startServer` takes: the services to run and how (the `ServerConfig` below). The
 * command line (`cliArgs.ts`) and the config file (`config/`) both read into it.
 */

import type { Hex } from 'viem'
import type { FunnelAccess } from './analytics/funnelAccess.js'
import type { ImageSource, SwapSettings, WalletListItem } from './api/apiContext.js'
import type { ChainConfig } from './api/chainConfig.js'
import type { HistorySource } from './api/historySource.js'
import type { OnrampSettings } from './api/onrampProvider.js'
import type { PriceSource } from './api/priceSource.js'
import type { SolanaChainConfig } from './api/solanaReader.js'
import type { DatabaseOption } from './db/sqlClient.js'
import type { StartFrameServiceOptions } from './embedded-wallet/startFrameService.js'
import type { ServerEvmIndexer } from './history/runEvmHistory.js'
import type { ServerSolanaIndexer } from './history/runSolanaHistory.js'
import type { Backoff } from './history/superviseIndexer.js'
import type { EnsDeployment } from './names/chainNames.js'
import type { MetricsAccess } from './observability/observedHandler.js'
import type { RelayLimits } from './relay/relayRequests.js'

export type { ServerEvmIndexer, ServerSolanaIndexer }

export type ServerConfig = {
  /** Default 0: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** The EVM chains the API answers for, and sign-in accepts. */
  chains: readonly ChainConfig[]
  /** What GET /projects/v1/origins answers (the widget refuses to run elsewhere); default [] (any). */
  allowedOrigins?: readonly string[]
  /**
   * The browser origins allowed to call the API and the RPC gateway (CORS), e.g.
   * `['https://app.example']`. Default: none, so a browser reads answers only on the
   * server's own origin. Sign-in has its own: `siweOrigins`.
   */
  corsOrigins?: readonly string[]
  /** The largest request body read, in bytes; a larger one answers 413. Default 1 MiB. */
  maxBodyBytes?: number
  /** Serve sign-in for the app at these origins (scheme, host and port, e.g. `https://app.example`). */
  siweOrigins?: readonly string[]
  /** The longest a sign-in session lives, whatever its message says, in seconds. Default 7 days. */
  siweSessionMaxAgeSeconds?: number
  /**
   * The Solana cluster to answer for too (balances of SOL and the listed mints, and the
   * on-ramp's Solana assets). Default: EVM chains only.
   *
   * @example { rpcUrl: 'https://solana.rpc.example/KEY', genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp…', mints: [usdc] }
   */
  solana?: SolanaChainConfig
  /**
   * Where `GET /v1/account/{address}/history` reads from. Either the indexes to run
   * here (`{ evm: { chains }, solana: {} }`: the server starts the indexers, supervises
   * them, and answers history 503 with how far they are until they have caught up), or
   * sources of indexes run elsewhere: `{ evm: { indexerUrl } }`, or the sources themselves,
   * one per chain family (`createEvmHistorySource(indexerUrl, chainIds)`). Default: none,
   * and every history is empty.
   *
   * @example { evm: { database: { url: 'postgres://latchkit@db.internal/index' } }, solana: {} }
   */
  history?: readonly HistorySource[] | ServerHistory
  /** The wallets `GET /getWallets` pages through, in order. Default: none. */
  walletRegistry?: readonly WalletListItem[]
  /** The images the API serves (wallets' `image_id`, assets, currencies, tokens). Default: none (404). */
  images?: ImageSource
  /** Where stateful services keep their state. Default: PGlite in memory. */
  database?: DatabaseOption
  /**
   * The chains to serve swaps on (`/v1/convert/*`), each through its Uniswap V2 router and
   * WETH, keyed by CAIP-2 id. Default: none, and the convert routes answer 400.
   *
   * @example { chains: { 'eip155:1': { router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D', weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' } } }
   */
  swap?: SwapSettings
  /**
   * The on-ramp providers (`/v1/onramp/*`, `/v1/generators/onrampurl`, history's `onramp`
   * filter), each an `OnrampProvider` (server/api/onrampProvider.ts) written against the
   * provider's own API. Default: none, and those routes answer 501.
   *
   * @example { providers: [acmeRamp], usdPerEur: 1.08 }
   */
  onramp?: OnrampSettings
  /**
   * Serve names (`/v1/profile/*`, `/v1/identity/*`) from ENS and register new ones under
   * `zones` with the operator key, keeping registrations in `database`. The ENS chain
   * must be one of `chains`. Default: none, and no name exists.
   *
   * @example { ens: { chainId: 1, registry, publicResolver, universalResolver }, zones: ['names.example'], operatorKey }
   */
  names?: ServerNames
  /**
   * Collect the widget's analytics events (`POST /v1/analytics/events`) in `database` and
   * answer their connect funnel (`GET /v1/analytics/funnel`, the page `GET /analytics`).
   * Default false: those paths answer 404.
   */
  analytics?: boolean
  /**
   * Who may read that funnel: `{ token }` asks for it (the password of HTTP Basic auth, or
   * a Bearer token), 'open' serves it to anyone who reaches the server. Default 'closed':
   * the funnel answers 403 while events are still collected.
   */
  analyticsFunnelAccess?: FunnelAccess
  /** The most events one analytics POST may carry (more is a 400). Default 100. */
  analyticsMaxEventsPerBatch?: number
  /**
   * USD prices of the chains' assets (balances' `price` and `value`, `/v1/fungible/price`,
   * and what the on-ramp can quote). Default: none known.
   */
  prices?: PriceSource
  /**
   * Serve a WalletConnect relay on the same port: WebSocket upgrades on the path of its
   * public URL (default `/relay`), its mailbox in `database`. With a PostgreSQL `database`,
   * every instance delivers what any of them took. Default: none.
   *
   * @example { publicUrl: 'wss://api.example/relay', projectIds: ['my-project'] }
   */
  relay?: ServerRelay
  /**
   * The embedded wallet's frame service, on a port of its own (it must be an origin of its
   * own: the widget embeds it in a frame). Its database is the server's unless it names
   * one. Default: none.
   *
   * @example { port: 8794, projects: { 'my-app': { allowedOrigins: ['https://app.example'] } }, smtp, shareKey }
   */
  frame?: ServerFrame
  /**
   * Who may read the request and error counters on `/metrics` (Prometheus text): 'open'
   * (the default) to anyone who reaches the port, `{ token }` to a Bearer token, 'closed'
   * to no one (404).
   */
  metrics?: MetricsAccess
  /**
   * On stop, how long requests under way are given to be answered before their
   * connections are cut, in ms. Default 10,000.
   */
  shutdownGraceMs?: number
}

/**
 * History from indexes: the EVM one run here (`ServerEvmIndexer`) or read from an
 * indexer run elsewhere (`{ indexerUrl }`), and the Solana one followed here (needs `solana`).
 */
export type ServerHistory = {
  evm?: ServerEvmIndexer | { indexerUrl: string }
  solana?: ServerSolanaIndexer
  /**
   * The pause before an indexer that failed to start (or ended) is started again: `firstMs`
   * after the first failure, doubling up to `maxMs`. Default 1 s up to 60 s.
   */
  retry?: Backoff
}

/** The relay's settings; its database is the server's. */
export type ServerRelay = {
  /**
   * The URL wallets and dapps connect to (their tokens' audience), e.g.
   * `wss://api.example/relay`. Default `ws://<host>:<port>/relay`, right only when clients
   * reach the server directly; behind TLS or a proxy, give the outside URL.
   */
  publicUrl?: string
  /** The WalletConnect project ids allowed to connect; default any. */
  projectIds?: readonly string[]
  /** The HTTP path upgrades are taken on; default the path of `publicUrl` (behind a proxy that rewrites paths). */
  path?: string
  /** How often each socket is pinged; one that has not answered the last ping is dropped. Default 20 s. */
  pingIntervalMs?: number
  /** How often expired messages are deleted. Default 60 s. */
  purgeIntervalMs?: number
  /** Any of the relay's limits to change (message and frame sizes, subscriptions, TTLs, batches). */
  limits?: Partial<RelayLimits>
}

/** The frame service's settings: `startFrameService`'s, its database the server's by default. */
export type ServerFrame = StartFrameServiceOptions

/** The names service's settings; its RPC URL and database come from the server's. */
export type ServerNames = {
  ens: Omit<EnsDeployment, 'rpcUrl'>
  zones: readonly string[]
  operatorKey: Hex
  /** How often a sent registration's receipt is asked for. Default 1000 ms. */
  pollingIntervalMs?: number
}
