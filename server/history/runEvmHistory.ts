/**
 * The EVM history indexer run under `latchkit-server` (the config's `history.evm` with
 * chains rather than an `indexerUrl`): the Ponder app in a child process, supervised
 * (started again with backoff when a start fails or it ends), read through a history
 * source that answers "not ready, this far" until it has caught up.
 */
import type { ChainConfig } from '../api/chainConfig.js'
import { HistoryNotReadyError, type HistorySource } from '../api/historySource.js'
import { redactPassword } from '../db/postgres.js'
import type { DatabaseOption } from '../db/sqlClient.js'
import { createEvmHistorySource } from '../indexer/evm/evmHistorySource.js'
import { findFreePort } from '../indexer/evm/findFreePort.js'
import { ponderPackageDir, ponderProjectDir } from '../indexer/evm/ponderProject.js'
import { type EvmIndexer, startEvmIndexer } from '../indexer/evm/startEvmIndexer.js'
import { describeProgress, type IndexProgress } from '../indexer/evm/waitUntilIndexed.js'
import type { ServerLog } from '../observability/jsonLog.js'
import { evmIndexFraction } from './indexingFraction.js'
import { type IndexerStatus, type RunningHistory, statusOfSupervised } from './runningHistory.js'
import { type Backoff, superviseIndexer } from './superviseIndexer.js'

/** Running the EVM indexer here: which chains, where its index lives, how often it polls. */
export type ServerEvmIndexer = {
  /** The ids of the served `chains` to index. Default: every one of them. */
  chains?: readonly number[]
  /**
   * Where the index lives: `{ url }` a PostgreSQL server, `{ dataDir }` the embedded
   * database (PGlite) in that directory. Default: the server's `database` (its PostgreSQL
   * server, or the folder `<dataDir>-evm-index` beside its `dataDir`), else PGlite in a
   * temporary directory, built afresh on every start.
   */
  database?: { url: string } | { dataDir: string }
  /** How often each chain is asked for new blocks. Default 1000 ms. */
  pollingIntervalMs?: number
}

/** How often, at most, a catch-up logs how far it is. */
const PROGRESS_LOG_MS = 10_000

/** The index's database: its own, or one derived from the server's (never the server's PGlite itself: Ponder opens its own). */
export function evmIndexDatabase(
  own: ServerEvmIndexer['database'],
  server: DatabaseOption | undefined,
): { url: string } | { dataDir: string } | undefined {
  if (own) return own
  if (server && 'url' in server) return { url: server.url }
  // Beside the server's PGlite folder, not in it: that folder is PostgreSQL's own.
  if (server && 'dataDir' in server && server.dataDir !== undefined)
    return { dataDir: `${server.dataDir.replace(/[\\/]+$/, '')}-evm-index` }
  return undefined
}

/**
 * Starts supervising the indexer and hands back its source at once: history answers 503
 * with how far it is until the index has caught up.
 *
 * @example
 * const evm = runEvmHistory({ chains: [1] }, { chains, log: jsonLog() })
 * createApiApp({ ..., history: [evm.source] })
 * await evm.stop()
 */
export function runEvmHistory(
  settings: ServerEvmIndexer,
  context: {
    chains: readonly ChainConfig[]
    serverDatabase?: DatabaseOption | undefined
    log: ServerLog
    backoff?: Backoff | undefined
    onStatus?: (status: IndexerStatus) => void
  },
): RunningHistory {
  const service = 'history-evm'
  const { log } = context
  // A deployment without Ponder, or a package without the app, fails its start here, loudly.
  ponderPackageDir(ponderProjectDir())
  const ids = settings.chains ?? context.chains.map((chain) => chain.chainId)
  const chains = ids.map((chainId) => {
    const chain = context.chains.find((served) => served.chainId === chainId)
    if (!chain) throw new Error(`history.evm.chains: chain ${chainId} is not one of the served chains`)
    return { chainId, rpcUrl: chain.rpcUrl }
  })
  const database = evmIndexDatabase(settings.database, context.serverDatabase)
  const served = new Set(ids.map((id) => `eip155:${id}`))

  let status: IndexerStatus = { state: 'starting' }
  const report = (next: IndexerStatus) => {
    status = next
    context.onStatus?.(next)
  }
  /** The source of the start under way (its port is chosen first), or the running indexer's. */
  let attempt: HistorySource | undefined
  let loggedAt = 0

  const onProgress = (progress: IndexProgress) => {
    const fraction = evmIndexFraction(progress)
    // Readings of a start under way only: once ready, or failed, the supervisor says.
    if (progress && (status.state === 'starting' || status.state === 'catching-up'))
      report({ state: 'catching-up', ...(fraction !== undefined && { progress: fraction }) })
    if (performance.now() - loggedAt >= PROGRESS_LOG_MS) {
      loggedAt = performance.now()
      log.info('indexing', { service, progress: fraction ?? null, detail: describeProgress(progress) })
    }
  }

  const supervisor = superviseIndexer<EvmIndexer>({
    service,
    log,
    ...(context.backoff && { backoff: context.backoff }),
    async start(signal) {
      const port = await findFreePort()
      attempt = createEvmHistorySource(`http://127.0.0.1:${port}`, ids)
      return startEvmIndexer({
        chains,
        ...(database && { database }),
        ...(settings.pollingIntervalMs !== undefined && { pollingIntervalMs: settings.pollingIntervalMs }),
        port,
        signal,
        // A deployment's first catch-up can take hours: waited for while it moves.
        readyTimeoutMs: Number.POSITIVE_INFINITY,
        onProgress,
      })
    },
    describe: (indexer) =>
      `EVM history of ${[...served].join(', ')} indexed at ${indexer.url} (${describeIndexDatabase(database)})`,
    onState: (state) => report(statusOfSupervised(state, supervisor.failures())),
  })

  return {
    service,
    source: {
      covers: (chainId) => served.has(chainId),
      history(query) {
        if (!attempt) {
          const asked = query.chainIds.length > 0 ? query.chainIds : [...served]
          return Promise.reject(
            new HistoryNotReadyError(
              'unreachable',
              asked.map((chainId) => ({ chainId, indexedBlock: null })),
            ),
          )
        }
        return attempt.history(query)
      },
    },
    status: () => status,
    stop: () => supervisor.stop(),
  }
}

function describeIndexDatabase(database: ServerEvmIndexer['database']): string {
  if (!database) return 'PGlite in a temporary directory'
  if ('url' in database) return `PostgreSQL at ${redactPassword(database.url)}`
  return `PGlite in ${database.dataDir}`
}
