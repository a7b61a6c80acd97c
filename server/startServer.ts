/**
 * Composes the services on one port: the Blockchain API for the given chains and, when
 * an app's origins are given, the sign-in verifier under `/siwe/*`, and when names are
 * configured, the names service, and when asked, the analytics collector and the
 * WalletConnect relay (WebSocket upgrades on `/relay`); they keep their state in the
 * database (PGlite unless a PostgreSQL URL is given). What `latchkit-server` runs.
 *
 * The port opens first (server/http/listenFirst.ts, which `latchkit-frame-service` starts
 * with too), answering `/healthz`, `/readyz` and `/metrics` at once, and every
 * other request 503 `STARTING` until each configured service is up; the services start
 * side by side, each module loaded only when its service is configured, so the start costs
 * what the configuration uses and a load balancer can see it progress.
 */
import type { AnalyticsCollector } from './analytics/createAnalyticsCollector.js'
import type { ApiSettings } from './api/apiContext.js'
import type { HistorySource } from './api/historySource.js'
import { noPrices } from './api/priceSource.js'
import { openDatabase } from './db/openDatabase.js'
import type { Database, SqlClient } from './db/sqlClient.js'
import { describeAnalytics, describeApi, describeDatabase, describeNames } from './describeServices.js'
import type { RunningHistory } from './history/runningHistory.js'
import { listen } from './http/listen.js'
import { listenFirst } from './http/listenFirst.js'
import type { StartedNameService } from './names/createNameService.js'
import { type ServerLog, silentLog } from './observability/jsonLog.js'
import { observed } from './observability/observedHandler.js'
import type { RelayService } from './relay/createRelayService.js'
import type { ServerConfig, ServerHistory } from './serverConfig.js'
import { serviceOfPath } from './serviceOfPath.js'
import type { SiweVerifierServer } from './siwe/createSiweVerifier.js'

export type {
  ServerConfig,
  ServerEvmIndexer,
  ServerHistory,
  ServerNames,
  ServerRelay,
  ServerSolanaIndexer,
} from './serverConfig.js'

export type RunningServer = {
  url: string
  port: number
  /** The relay's URL (what clients give as `relayUrl`) when one is served. */
  relayUrl?: string
  /** The frame service's origin (the widget's `frameUrl`) when one is served. */
  frameUrl?: string
  /**
   * Stops: `/readyz` turns 503, the relay's sockets close, the port stops taking
   * connections while the requests under way are answered (for at most
   * `shutdownGraceMs`), then each service and the database close. Safe to call twice.
   */
  stop(): Promise<void>
}

export type StartServerHooks = {
  /**
   * Where the start (`listening`, one `up` per service, `ready`), every request and the
   * stop (one `down` per service, `stopped`) are logged. Default: nowhere.
   */
  log?: ServerLog
}

/** Default of `shutdownGraceMs`. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000

/**
 * Resolves with every task's value, or, when one fails, once all have settled (so what
 * the others opened is known and can be closed) with the first failure in `tasks` order.
 */
async function allStarted<T extends readonly unknown[]>(
  tasks: { [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const settled = await Promise.allSettled(tasks)
  const failed = settled.find((result) => result.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T
}

/**
 * Resolves once every configured service is up (`/readyz` answers 200 from then on), or
 * rejects with the first service that could not start, having closed the others.
 *
 * @example
 * const server = await startServer({
 *   port: 8787,
 *   chains: [{ chainId: 1, rpcUrl: 'https://rpc.example/1' }],
 *   corsOrigins: ['https://app.example'],
 *   siweOrigins: ['https://app.example'],
 *   database: { url: 'postgres://latchkit@db.internal/latchkit' },
 * }, { log: jsonLog() })
 */
export async function startServer(
  config: ServerConfig,
  hooks: StartServerHooks = {},
): Promise<RunningServer> {
  if (config.chains.length === 0) throw new Error('the server needs at least one chain')
  const ensChainId = config.names?.ens.chainId
  const ensChain = config.chains.find((chain) => chain.chainId === ensChainId)
  if (config.names && !ensChain)
    throw new Error(`names: ENS chain ${ensChainId} is not one of the served chains`)
  // The indexes to run here, when `history` names them rather than giving sources.
  const indexed =
    config.history && !Array.isArray(config.history) ? (config.history as ServerHistory) : undefined
  if (indexed?.solana && !config.solana)
    throw new Error('history.solana: the Solana history follows the `solana` cluster, and none is given')
  const log = hooks.log ?? silentLog
  const signIn = config.siweOrigins !== undefined && config.siweOrigins.length > 0
  const stateful =
    (indexed?.solana !== undefined && indexed.solana.database === undefined) ||
    signIn ||
    config.names !== undefined ||
    config.analytics === true ||
    config.relay !== undefined ||
    (config.frame !== undefined && config.frame.database === undefined)
  // The indexers the server runs: reported on /readyz and /metrics, never holding them back.
  const indexers: RunningHistory[] = []
  const started = await listenFirst({
    services: [
      ...(stateful ? ['database'] : []),
      ...(signIn ? ['siwe'] : []),
      ...(config.names ? ['names'] : []),
      ...(config.analytics ? ['analytics'] : []),
      ...(config.relay ? ['relay'] : []),
      ...(config.frame ? ['frame'] : []),
      'api',
    ],
    indexers: () => Object.fromEntries(indexers.map((indexer) => [indexer.service, indexer.status()])),
    serviceOf: serviceOfPath,
    log,
    metricsAccess: config.metrics ?? 'open',
    ...(config.port !== undefined && { port: config.port }),
    ...(config.host !== undefined && { host: config.host }),
  })
  const { listening: server, metrics } = started
  const graceMs = config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS
  // What to close on stop is registered as each service comes up and closed last first,
  // so the database (which every stateful service waits for) closes after them.
  const up = started.up
  const stopIndexers = async () => {
    await Promise.all(
      indexers.splice(0).map(async (indexer) => {
        await indexer.stop()
        log.info('down', { service: indexer.service })
      }),
    )
  }
  let relay: RelayService | undefined
  let frameUrl: string | undefined
  try {
    // Opened first, before any service module loads: the embedded database's thread then
    // starts at once and boots PostgreSQL while this thread loads the rest.
    const database: Promise<Database | undefined> = stateful
      ? (async () => {
          const db = await openDatabase(config.database, { pgliteInWorker: true })
          up('database', describeDatabase(config), () => db.close())
          return db
        })()
      : Promise.resolve(undefined)
    // What the services are given: a client that waits for the database, so each starts
    // its own work (keys, clients) while the database opens, not after.
    const waitingSql: SqlClient = {
      query: async (text, params) => ((await database) as Database).sql.query(text, params),
    }
    const sql = async () => waitingSql
    const chains = config.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))

    // The indexers start now and catch up in the background: the server is ready without
    // them, and history answers 503 with how far they are until they have caught up.
    const history: Promise<readonly HistorySource[] | undefined> = (async () => {
      if (!indexed) return config.history as readonly HistorySource[] | undefined
      const sources: HistorySource[] = []
      const evm = indexed.evm
      if (evm && 'indexerUrl' in evm) {
        const { createEvmHistorySource } = await import('./indexer/evm/evmHistorySource.js')
        sources.push(
          createEvmHistorySource(
            evm.indexerUrl,
            config.chains.map((chain) => chain.chainId),
          ),
        )
      } else if (evm) {
        const { runEvmHistory } = await import('./history/runEvmHistory.js')
        const running = runEvmHistory(evm, {
          chains: config.chains,
          serverDatabase: config.database,
          log,
          backoff: indexed.retry,
        })
        indexers.push(running)
        sources.push(running.source)
      }
      if (indexed.solana && config.solana) {
        const { runSolanaHistory } = await import('./history/runSolanaHistory.js')
        const running = runSolanaHistory(indexed.solana, {
          solana: config.solana,
          serverDatabase: waitingSql,
          log,
          backoff: indexed.retry,
        })
        indexers.push(running)
        sources.push(running.source)
      }
      return sources
    })()

    const analytics: Promise<AnalyticsCollector | undefined> = config.analytics
      ? (async () => {
          const { createAnalyticsCollector } = await import('./analytics/createAnalyticsCollector.js')
          const collector = await createAnalyticsCollector({
            database: await sql(),
            funnelAccess: config.analyticsFunnelAccess ?? 'closed',
            ...(config.analyticsMaxEventsPerBatch !== undefined && {
              maxEventsPerBatch: config.analyticsMaxEventsPerBatch,
            }),
          })
          up('analytics', describeAnalytics(config.analyticsFunnelAccess), () => collector.close())
          return collector
        })()
      : Promise.resolve(undefined)
    const names: Promise<StartedNameService | undefined> =
      config.names && ensChain
        ? (async (settings) => {
            const { createNameService } = await import('./names/createNameService.js')
            const service = await createNameService({
              ens: { ...settings.ens, rpcUrl: ensChain.rpcUrl },
              zones: settings.zones,
              operatorKey: settings.operatorKey,
              chains,
              database: await sql(),
              ...(settings.pollingIntervalMs !== undefined && {
                pollingIntervalMs: settings.pollingIntervalMs,
              }),
            })
            up('names', describeNames(settings), () => service.close())
            return service
          })(config.names)
        : Promise.resolve(undefined)
    const verifier: Promise<SiweVerifierServer | undefined> =
      signIn && config.siweOrigins
        ? (async (origins) => {
            const { createSiweVerifier } = await import('./siwe/createSiweVerifier.js')
            const created = await createSiweVerifier({
              origin: origins,
              chains,
              db: await sql(),
              ...(config.siweSessionMaxAgeSeconds !== undefined && {
                sessionMaxAgeSeconds: config.siweSessionMaxAgeSeconds,
              }),
            })
            up('siwe', `sign-in for ${origins.join(', ')}`, () => created.close())
            return created
          })(config.siweOrigins)
        : Promise.resolve(undefined)
    const relayStarted: Promise<RelayService | undefined> = config.relay
      ? (async (settings) => {
          const { createRelayService } = await import('./relay/createRelayService.js')
          const db = await database
          const service = await createRelayService({
            publicUrl: settings.publicUrl ?? `ws://${new URL(server.url).host}/relay`,
            // A PostgreSQL server by URL: the relay's own pool and a connection to LISTEN on.
            // The embedded database: the server's one, which a second open could not share.
            database: config.database && 'url' in config.database ? config.database : (db as Database).sql,
            ...(settings.projectIds && { projectIds: settings.projectIds }),
            ...(settings.path !== undefined && { path: settings.path }),
            ...(settings.pingIntervalMs !== undefined && { pingIntervalMs: settings.pingIntervalMs }),
            ...(settings.purgeIntervalMs !== undefined && { purgeIntervalMs: settings.purgeIntervalMs }),
            ...(settings.limits && { limits: settings.limits }),
          })
          service.attach(server.server)
          // Closed apart from the others, before the port (see stop()); here only on a failed start.
          relay = service
          up('relay', `WalletConnect relay at ${service.publicUrl}`)
          return service
        })(config.relay)
      : Promise.resolve(undefined)
    const frame: Promise<unknown> = config.frame
      ? (async ({ port, host, database: own, ...settings }) => {
          const { createFrameService } = await import('./embedded-wallet/createFrameService.js')
          const service = await createFrameService({ ...settings, database: own ?? (await sql()) })
          let listening: Awaited<ReturnType<typeof listen>>
          try {
            // Its own port, as an origin of its own must be; counted and logged with the rest.
            listening = await listen(
              observed(service.app.fetch, { serviceOf: () => 'frame', log, metrics }),
              {
                port: port ?? 0,
                ...(host !== undefined && { host }),
              },
            )
          } catch (error) {
            await service.close()
            throw error
          }
          frameUrl = settings.publicUrl === undefined ? listening.url : new URL(settings.publicUrl).origin
          up('frame', `embedded wallet frame service at ${frameUrl}`, async () => {
            // A device approval waits up to a minute: answered now, not waited for.
            service.stopWaiting()
            await listening.close({ graceMs })
            await service.close()
          })
        })(config.frame)
      : Promise.resolve()
    const api = (async () => {
      // Loaded while the database opens: module loading and PGlite's start overlap.
      const [{ createApiApp }, { createChainReader }, solana] = await Promise.all([
        import('./api/createApiApp.js'),
        import('./api/chainReader.js'),
        config.solana ? import('./api/solanaReader.js') : undefined,
      ])
      const [collector, nameService, siwe, sources] = await allStarted([
        analytics,
        names,
        verifier,
        history,
      ] as const)
      const settings: ApiSettings = {
        // What the widget's analytics plugin asks before it sends anything: off when this
        // server collects nothing, so no visitor's browser posts events to a 501.
        analyticsEnabled: config.analytics === true,
        allowedOrigins: [...(config.allowedOrigins ?? [])],
        ...(config.swap && { swap: config.swap }),
      }
      return createApiApp({
        reader: createChainReader(config.chains),
        settings,
        corsOrigins: config.corsOrigins ?? [],
        ...(config.onramp && { onramp: config.onramp }),
        ...(nameService && { names: nameService }),
        ...(collector && { analytics: collector }),
        ...(config.prices && { prices: config.prices }),
        ...(solana &&
          config.solana && { solana: solana.createSolanaReader(config.solana, config.prices ?? noPrices) }),
        ...(sources && { history: sources }),
        ...(config.walletRegistry && { registry: config.walletRegistry }),
        ...(config.images && { images: config.images }),
        ...(config.maxBodyBytes !== undefined && { maxBodyBytes: config.maxBodyBytes }),
        ...(siwe && { siwe: () => siwe.app }),
      })
    })()
    const [, , , , , , apiApp] = await allStarted([
      database,
      analytics,
      names,
      verifier,
      relayStarted,
      frame,
      api,
    ] as const)
    up('api', describeApi(config))
    started.serve(apiApp.fetch)
  } catch (error) {
    await relay?.close()
    await server.close()
    await stopIndexers()
    await started.closeOpened()
    throw error
  }

  return {
    url: server.url,
    port: server.port,
    ...(relay && { relayUrl: (relay as RelayService).publicUrl }),
    ...(frameUrl !== undefined && { frameUrl }),
    stop() {
      let indexersStopped: Promise<void> | undefined
      return started.stop({
        graceMs,
        beforePort: async () => {
          // The indexers first, at once: none may be started again while the port drains (a
          // signal that stops the server reaches Ponder too, which is no crash to recover
          // from), and a history request meanwhile answers 503, a wait.
          indexersStopped = stopIndexers()
          // The relay first: its sockets are upgraded ones, which the port's close would wait for.
          if (relay) {
            await relay.close()
            log.info('down', { service: 'relay' })
          }
        },
        // Before the database: the Solana follower may keep its index there.
        afterPort: async () => {
          await indexersStopped
        },
      })
    },
  }
}
