/**
 * Composes the services on one port: the Blockchain API for the given chains and, when
 * an app's origins are given, the sign-in verifier under `/siwe/*`, and when names are
 * configured, the names service, and when asked, the analytics collector and the
 * WalletConnect relay (WebSocket upgrades on `/relay`); they keep their state in the
 * database (PGlite unless a PostgreSQL URL is given). What `latchkit-server` runs.
 */
import type { Hex } from 'viem'

import { type AnalyticsCollector, createAnalyticsCollector } from './analytics/createAnalyticsCollector.js'
import type { FunnelAccess } from './analytics/funnelAccess.js'
import type { ApiSettings, SwapSettings } from './api/apiContext.js'
import type { ChainConfig } from './api/chainConfig.js'
import { createChainReader } from './api/chainReader.js'
import { createApiApp } from './api/createApiApp.js'
import type { OnrampSettings } from './api/onrampProvider.js'
import type { PriceSource } from './api/priceSource.js'
import { openDatabase } from './db/openDatabase.js'
import type { Database, DatabaseOption } from './db/sqlClient.js'
import { listen } from './http/listen.js'
import type { EnsDeployment } from './names/chainNames.js'
import { createNameService, type StartedNameService } from './names/createNameService.js'
import { createRelayService, type RelayService } from './relay/createRelayService.js'
import { createSiweVerifier, type SiweVerifierServer } from './siwe/index.js'

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

export type RunningServer = {
  url: string
  port: number
  /** The relay's URL (what clients give as `relayUrl`) when one is served. */
  relayUrl?: string
  /** Stops listening, then closes the verifier and the database. */
  stop(): Promise<void>
}

/**
 * @example
 * const server = await startServer({
 *   port: 8787,
 *   chains: [{ chainId: 1, rpcUrl: 'https://rpc.example/1' }],
 *   corsOrigins: ['https://app.example'],
 *   siweOrigins: ['https://app.example'],
 *   database: { url: 'postgres://latchkit@db.internal/latchkit' },
 * })
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  if (config.chains.length === 0) throw new Error('the server needs at least one chain')
  const settings: ApiSettings = {
    analyticsEnabled: true,
    allowedOrigins: [...(config.allowedOrigins ?? [])],
    ...(config.swap && { swap: config.swap }),
  }
  let db: Database | undefined
  let verifier: SiweVerifierServer | undefined
  let names: StartedNameService | undefined
  let analytics: AnalyticsCollector | undefined
  let relay: RelayService | undefined
  const closeState = async () => {
    await relay?.close()
    await verifier?.close()
    await names?.close()
    await analytics?.close()
    await db?.close()
  }
  try {
    const signIn = config.siweOrigins !== undefined && config.siweOrigins.length > 0
    // Opened before listening: a database that cannot be reached fails the start.
    if (signIn || config.names || config.analytics || config.relay) db = await openDatabase(config.database)
    if (config.analytics)
      analytics = await createAnalyticsCollector({
        database: (db as Database).sql,
        funnelAccess: config.analyticsFunnelAccess ?? 'closed',
      })
    if (config.names) {
      const ensChain = config.chains.find((chain) => chain.chainId === config.names?.ens.chainId)
      if (!ensChain)
        throw new Error(`names: ENS chain ${config.names.ens.chainId} is not one of the served chains`)
      names = await createNameService({
        ens: { ...config.names.ens, rpcUrl: ensChain.rpcUrl },
        zones: config.names.zones,
        operatorKey: config.names.operatorKey,
        chains: config.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        database: (db as Database).sql,
      })
    }
    if (signIn && db && config.siweOrigins) {
      verifier = await createSiweVerifier({
        origin: config.siweOrigins,
        chains: config.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        db: db.sql,
      })
    }
    const app = createApiApp({
      reader: createChainReader(config.chains),
      settings,
      corsOrigins: config.corsOrigins ?? [],
      ...(config.onramp && { onramp: config.onramp }),
      ...(names && { names }),
      ...(analytics && { analytics }),
      ...(config.prices && { prices: config.prices }),
      ...(config.maxBodyBytes !== undefined && { maxBodyBytes: config.maxBodyBytes }),
      ...(verifier && { siwe: () => verifier?.app }),
    })
    const server = await listen(app.fetch, {
      ...(config.port !== undefined && { port: config.port }),
      ...(config.host !== undefined && { host: config.host }),
    })
    if (config.relay) {
      const origin = new URL(server.url)
      try {
        relay = await createRelayService({
          publicUrl: config.relay.publicUrl ?? `ws://${origin.host}/relay`,
          // A PostgreSQL server by URL: the relay's own pool and a connection to LISTEN on.
          // The embedded database: the server's one, which a second open could not share.
          database: config.database && 'url' in config.database ? config.database : (db as Database).sql,
          ...(config.relay.projectIds && { projectIds: config.relay.projectIds }),
        })
      } catch (error) {
        await server.close()
        throw error
      }
      relay.attach(server.server)
    }
    let stopping: Promise<void> | undefined
    return {
      url: server.url,
      port: server.port,
      ...(relay && { relayUrl: relay.publicUrl }),
      stop() {
        // The relay first: its sockets are upgraded ones, which closing the HTTP server leaves open.
        stopping ??= (relay?.close() ?? Promise.resolve()).then(() => server.close()).then(closeState)
        return stopping
      },
    }
  } catch (error) {
    await closeState()
    throw error
  }
}
