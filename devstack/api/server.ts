/**
 * Starts the local API server on 127.0.0.1: the API service of server/api over the local
 * chains, configured with the fixtures (tokens, prices, wallet registry, images), plus
 * what only development needs: the devstack's two ramps (devstack/ramp) as its on-ramp
 * providers, each on its own port, the names service on the fixture ENS, the analytics
 * collector in memory, the fault
 * switch and the request log. Tests and
 * `npm run demo` start one; `stop()` ends it, its ramps and every open connection.
 *
 * Browsers may call it from pages on this machine (any `http://127.0.0.1:<port>`,
 * `http://localhost:<port>` or `http://[::1]:<port>` origin) unless `corsOrigins` or
 * `setCorsOrigins` names the pages exactly, as the demo does. The fault switch and the
 * request log answer scripts on this machine only (createApiApp's `devRoutes`).
 */
import type { Hono } from 'hono'
import {
  type AnalyticsCollector,
  createAnalyticsCollector,
} from '../../server/analytics/createAnalyticsCollector.js'
import type { FunnelAccess } from '../../server/analytics/funnelAccess.js'
import type { ApiSettings, NameService, SwapSettings } from '../../server/api/apiContext.js'
import { createChainReader } from '../../server/api/chainReader.js'
import { createApiApp } from '../../server/api/createApiApp.js'
import type { HistorySource } from '../../server/api/historySource.js'
import type { OnrampSettings } from '../../server/api/onrampProvider.js'
import { createSolanaReader } from '../../server/api/solanaReader.js'
import { openDatabase } from '../../server/db/openDatabase.js'
import type { Database, SqlClient } from '../../server/db/sqlClient.js'
import { listen } from '../../server/http/listen.js'
import { createNameService, type StartedNameService } from '../../server/names/createNameService.js'
import {
  type CreateSiweVerifierOptions,
  createSiweVerifier,
  type SiweVerifierServer,
} from '../../server/siwe/index.js'
import { fixtureEns, fixtureUniswap } from '../fixtures.js'
import { type RampProviderServer, startRampProviders } from '../ramp/index.js'
import { faultMiddleware, faultRoutes } from './faultRoutes.js'
import { createFaultController, type FaultSwitch } from './faults.js'
import { type ApiChain, type ApiSolanaChain, toChainConfig, toSolanaChainConfig } from './fixtureChains.js'
import { fixtureImages } from './fixtureImages.js'
import { FIXTURE_USD_PER_EUR, fixturePriceSource } from './prices.js'
import { createWalletRegistry, type DevWalletLinks, listedWallets } from './walletRegistry.js'

export type { ApiChain, ApiSolanaChain } from './fixtureChains.js'

/**
 * Swaps on each chain through the fixture Uniswap V2 that `startChains()` deploys there.
 *
 * @example fixtureSwap([{ chainId: 31337, rpcUrl }]) // { chains: { 'eip155:31337': { router, weth } } }
 */
export function fixtureSwap(chains: readonly ApiChain[]): SwapSettings {
  return {
    chains: Object.fromEntries(
      chains.map((chain) => [
        `eip155:${chain.chainId}`,
        { router: fixtureUniswap.router, weth: fixtureUniswap.weth },
      ]),
    ),
  }
}

/**
 * The names service on the fixture ENS of the first chain, registering under its zone
 * with the names operator's key; receipts are polled every 100 ms, as anvil mines at once.
 */
function startFixtureNames(chains: readonly ApiChain[], database: SqlClient): Promise<StartedNameService> {
  const ensChain = chains[0] as ApiChain
  return createNameService({
    ens: {
      chainId: ensChain.chainId,
      rpcUrl: ensChain.rpcUrl,
      registry: fixtureEns.registry,
      publicResolver: fixtureEns.publicResolver,
      universalResolver: fixtureEns.universalResolver,
    },
    operatorKey: fixtureEns.operator.privateKey,
    zones: [fixtureEns.zone],
    chains: chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    database,
    pollingIntervalMs: 100,
  })
}

/** A page served from this machine over http, on any port: the origins tests' pages have. */
const isLoopbackPage = (origin: string) =>
  /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/.test(origin)

export type StartApiServerOptions = {
  /** The chains to serve; `startChains().chains` fits as is. */
  chains: readonly ApiChain[]
  /** Default: a free port chosen by the OS. */
  port?: number
  /** Default 127.0.0.1: the server is for this machine only. */
  host?: string
  /**
   * Initial project settings. Default: analytics on, every origin allowed, and swaps on
   * every served chain through the fixture Uniswap (`fixtureUniswap`'s router and WETH,
   * which `startChains()` deploys on each chain); `settings.swap` replaces that.
   */
  settings?: Partial<ApiSettings>
  /**
   * Where names and identities come from. Default: the names service of server/names on
   * the fixture ENS of the first chain (`fixtureEns`: `alice.eth`, `bob.eth`, and new
   * names registered under `latch.id` by the names operator), its registrations in memory.
   * A service of your own instead, or `false` for none (no name exists).
   */
  names?: NameService | false
  /**
   * Collect the widget's analytics events (`POST /v1/analytics/events`) and answer their
   * funnel (`GET /v1/analytics/funnel`, `GET /analytics`): by default, with the collector
   * of server/analytics keeping them in memory. `false` for none (those paths answer 501
   * `ANALYTICS_NOT_CONFIGURED`).
   */
  analytics?: false
  /** Who may read that funnel. Default 'open': the demo links the page for whoever runs it. */
  analyticsFunnelAccess?: FunnelAccess
  /**
   * Serve sign-in from the start (see {@link ApiServer.serveSiwe}); without this option
   * or a later `serveSiwe`, there are no sign-in routes.
   *
   * @example { origin: 'http://127.0.0.1:5173', db: { dataDir: '.devstack/sessions/5173' } }
   */
  siwe?: ApiSiweOptions
  /**
   * The browser origins allowed to call the API (CORS), e.g. `['http://127.0.0.1:5173']`.
   * Default: any page on this machine (http on 127.0.0.1, localhost or [::1], any port),
   * the pages tests serve.
   */
  corsOrigins?: readonly string[]
  /** The largest request body read, in bytes (413 above). Default 1 MiB. */
  maxBodyBytes?: number
  /** Serve the fault switch and request log over HTTP (`/__faults`, `/__requests`), to this machine's scripts only. Default true. */
  devRoutes?: boolean
  /**
   * How many calls the request log keeps, the latest ones (0: off). Default 1,000: enough
   * for any test, and bounded however long the server runs.
   */
  requestLog?: number
  /** How many wallets GET /getWallets lists: the fixture registry at this size (default 520; the bench uses 5,000). */
  walletRegistrySize?: number
  /** The devstack's wallets that are pages of their own, listed in the registry with their links. */
  devWalletLinks?: DevWalletLinks
  /**
   * The local Solana endpoint whose balances to serve too.
   *
   * @example { rpcUrl: rpc.url, genesisHash: rpc.genesisHash, mints: rpc.mints }
   */
  solana?: ApiSolanaChain
  /**
   * Where history is read from: the indexers' sources (`startEvmIndexer(...).source`,
   * `startSolanaIndexer(...).source`). Default: none, and every history is empty.
   */
  history?: readonly HistorySource[]
  /**
   * The on-ramp. Default: the devstack's ramps, Latch Ramp (1 %) and Ramp Beta (2 %), each
   * on its own port of `host`, delivering on the served chains from the ramp treasury;
   * started with the server and stopped with it (`api.ramps`). Providers of your own
   * instead, or `false` for none (the on-ramp routes answer 501).
   */
  onramp?: OnrampSettings | false
}

/** The sign-in verifier's options; its chains are the API server's. */
export type ApiSiweOptions = Omit<CreateSiweVerifierOptions, 'chains'>

export type ApiServer = {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:43121`. */
  url: string
  port: number
  /**
   * The Hono app it serves, for requests in process (`app.request(path, init)`, no
   * socket: the dev routes refuse them), as the fuzz tests send most of theirs.
   */
  app: Hono
  /** Arms faults and reads the request log (also over HTTP: POST /__faults, GET /__requests). */
  faults: FaultSwitch
  /** Live project settings: changes apply to the next request. */
  settings: ApiSettings
  /** The devstack ramps it started as its on-ramp providers (none when `onramp` was given). */
  ramps: readonly RampProviderServer[]
  /**
   * Allows browser pages at exactly these origins from the next request on, instead of
   * the ones allowed so far (for a page whose origin is only known once its own server
   * runs, as the demo's).
   *
   * @example api.setCorsOrigins([`http://127.0.0.1:${port}`])
   */
  setCorsOrigins(origins: readonly string[]): void
  /**
   * Serves sign-in (`/siwe/*`, the verifier of server/siwe) for the app at `origin`, on
   * the API's chains, from the next request on. For a page whose origin is only known
   * once its own server runs (the demo's); once per server. `db: { dataDir }` keeps
   * sessions across restarts (`{ url }` keeps them on a PostgreSQL server); by default
   * they live in memory.
   *
   * @example await api.serveSiwe({ origin: demoUrl, db: { dataDir } })
   */
  serveSiwe(options: ApiSiweOptions): Promise<void>
  /** Stops listening, ends open and hanging connections, closes the sign-in, names and analytics databases, and resolves when done. */
  stop(): Promise<void>
}

/**
 * @example
 * const chains = await startChains()
 * const api = await startApiServer({ chains: chains.chains })
 * createKernel({ networks, projectId: 'demo', api: { blockchainUrl: api.url, walletsUrl: api.url } })
 * await api.stop()
 */
export async function startApiServer(options: StartApiServerOptions): Promise<ApiServer> {
  if (options.chains.length === 0) throw new Error('startApiServer needs at least one chain')
  const host = options.host ?? '127.0.0.1'
  const faults = createFaultController(options.requestLog)
  let corsOrigins: ReadonlySet<string> | undefined = options.corsOrigins && new Set(options.corsOrigins)
  const allowOrigin = (origin: string) => (corsOrigins ? corsOrigins.has(origin) : isLoopbackPage(origin))
  const settings: ApiSettings = {
    analyticsEnabled: true,
    allowedOrigins: [],
    swap: fixtureSwap(options.chains),
    ...options.settings,
  }
  const start = performance.now()
  let stopping: Promise<void> | undefined
  let siwe: SiweVerifierServer | undefined
  let siweOpening: Promise<void> | undefined
  const serveSiwe = (siweOptions: ApiSiweOptions): Promise<void> => {
    if (stopping) return Promise.reject(new Error('serveSiwe: the API server is stopped'))
    if (siweOpening) return Promise.reject(new Error('serveSiwe: this API server already serves sign-in'))
    siweOpening = createSiweVerifier({ ...siweOptions, chains: options.chains }).then(
      (verifier) => {
        siwe = verifier
      },
      (error: unknown) => {
        siweOpening = undefined
        throw error
      },
    )
    return siweOpening
  }
  const closeSiwe = async () => {
    await siweOpening?.catch(() => {})
    await siwe?.close()
  }
  // Opened first: a data dir that cannot be opened fails the start, not the first sign-in.
  if (options.siwe) await serveSiwe(options.siwe)
  let ramps: RampProviderServer[] = []
  if (options.onramp === undefined) {
    ramps = await startRampProviders({ chains: options.chains, host }).catch(async (error: unknown) => {
      await closeSiwe()
      throw error
    })
  }
  const stopRamps = () => Promise.allSettled(ramps.map((ramp) => ramp.stop()))
  const onramp: OnrampSettings | undefined =
    options.onramp === undefined
      ? { providers: ramps.map((ramp) => ramp.provider), usdPerEur: FIXTURE_USD_PER_EUR }
      : options.onramp || undefined
  let ownNames: StartedNameService | undefined
  let analytics: AnalyticsCollector | undefined
  // Names and analytics keep their rows in one in-memory database: one PGlite to start
  // (most of a second, per API server of every test file), not one each.
  let state: Database | undefined
  const release = async () => {
    await stopRamps()
    await closeSiwe()
    await ownNames?.close()
    await analytics?.close()
    await state?.close()
  }
  try {
    if (options.names === undefined || options.analytics !== false) state = await openDatabase()
    if (state && options.names === undefined) ownNames = await startFixtureNames(options.chains, state.sql)
    if (state && options.analytics !== false)
      analytics = await createAnalyticsCollector({
        database: state.sql,
        funnelAccess: options.analyticsFunnelAccess ?? 'open',
      })
  } catch (error) {
    await release()
    throw error
  }
  const names = options.names === undefined ? ownNames : options.names || undefined
  const registry = createWalletRegistry(options.walletRegistrySize, options.devWalletLinks)
  const reader = createChainReader(options.chains.map(toChainConfig))
  let app: Hono
  try {
    app = createApiApp({
      reader,
      history: options.history ?? [],
      settings,
      prices: fixturePriceSource,
      registry: listedWallets(registry),
      images: fixtureImages(registry),
      names,
      ...(analytics && { analytics }),
      siwe: () => siwe?.app,
      ...(options.solana && {
        solana: createSolanaReader(toSolanaChainConfig(options.solana), fixturePriceSource),
      }),
      corsOrigins: allowOrigin,
      ...(options.maxBodyBytes !== undefined && { maxBodyBytes: options.maxBodyBytes }),
      middleware: [faultMiddleware(faults, () => performance.now() - start)],
      devRoutes: options.devRoutes === false ? [] : [faultRoutes(faults)],
      ...(onramp && { onramp }),
    })
  } catch (error) {
    await release()
    throw error
  }

  const server = await listen(app.fetch, { port: options.port ?? 0, host }).catch(async (error: unknown) => {
    await release()
    throw error
  })

  return {
    url: server.url,
    port: server.port,
    app,
    faults,
    settings,
    ramps,
    setCorsOrigins(origins) {
      corsOrigins = new Set(origins)
    },
    serveSiwe,
    stop() {
      stopping ??= (async () => {
        // A hanging call would hold the server open until its client gave up.
        faults.releaseAll()
        await server.close()
        // Deliveries under way finish (in release) before the caller stops the chains.
        await release()
      })()
      return stopping
    },
  }
}
