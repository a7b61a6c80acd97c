/**
 * What `startServer` takes: the services to run and how (the `ServerConfig` below). The
 * command line (`cliArgs.ts`) and the config file (`config/`) both read into it.
 */
import type { FunnelAccess } from './analytics/funnelAccess.js'
import type { SwapSettings } from './api/apiContext.js'
import type { ChainConfig } from './api/chainConfig.js'
import type { OnrampSettings } from './api/onrampProvider.js'
import type { PriceSource } from './api/priceSource.js'
import type { DatabaseOption } from './db/sqlClient.js'
import type { Hex } from 'viem'
import type { EnsDeployment } from './names/chainNames.js'
import type { MetricsAccess } from './observability/observedHandler.js'

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
}

/** The names service's settings; its RPC URL and database come from the server's. */
export type ServerNames = {
  ens: Omit<EnsDeployment, 'rpcUrl'>
  zones: readonly string[]
  operatorKey: Hex
}
