/**
 * The Solana history follower run under `latchkit-server` (the config's `history.solana`):
 * it follows the server's `solana` cluster in this process, supervised (started again with
 * backoff when its database cannot be opened), read through a source that answers "not
 * ready, this far" until the follower has reached the cluster's finalized tip once.
 */

import { HistoryNotReadyError } from '../api/historySource.js'
import type { SolanaChainConfig } from '../api/solanaReader.js'
import type { DatabaseOption } from '../db/sqlClient.js'
import { type SolanaIndexer, startSolanaIndexer } from '../indexer/solana/startSolanaIndexer.js'
import type { ServerLog } from '../observability/jsonLog.js'
import { type IndexerStatus, type RunningHistory, statusOfSupervised } from './runningHistory.js'
import { type Backoff, superviseIndexer } from './superviseIndexer.js'

/** Following the Solana cluster here. */
export type ServerSolanaIndexer = {
  /** Where the index lives (see `DatabaseOption`). Default: the server's `database`. */
  database?: DatabaseOption
  /** How long to wait between polls once caught up. Default 1000 ms. */
  pollIntervalMs?: number
  /** The slot to start from on an empty index. Default: the node's first available block. */
  fromSlot?: bigint
}

/** How often, at most, a catch-up logs how far it is, and a failing poll is logged. */
const LOG_EVERY_MS = 10_000

/**
 * @example
 * const sol = runSolanaHistory({}, { solana: config.solana, database, log: jsonLog() })
 * createApiApp({ ..., history: [sol.source] })
 * await sol.stop()
 */
export function runSolanaHistory(
  settings: ServerSolanaIndexer,
  context: {
    solana: SolanaChainConfig
    /** The server's database, opened: the default home of the index. */
    serverDatabase?: DatabaseOption | undefined
    log: ServerLog
    backoff?: Backoff | undefined
    onStatus?: (status: IndexerStatus) => void
  },
): RunningHistory {
  const service = 'history-solana'
  const { log } = context
  const chainId = `solana:${context.solana.genesisHash.slice(0, 32)}`
  const database = settings.database ?? context.serverDatabase

  let status: IndexerStatus = { state: 'starting' }
  const report = (next: IndexerStatus) => {
    status = next
    context.onStatus?.(next)
  }
  let following: SolanaIndexer | undefined
  let caughtUp = false
  let loggedAt = 0
  let errorLoggedAt = 0

  const supervisor = superviseIndexer<SolanaIndexer & { ended: Promise<Error> }>({
    service,
    log,
    ...(context.backoff && { backoff: context.backoff }),
    async start(signal) {
      caughtUp = false
      const indexer = await startSolanaIndexer({
        rpcUrl: context.solana.rpcUrl,
        chainId,
        ...(database !== undefined && { database }),
        ...(settings.pollIntervalMs !== undefined && { pollMs: settings.pollIntervalMs }),
        ...(settings.fromSlot !== undefined && { fromSlot: settings.fromSlot }),
        onError(error) {
          // Each poll retries; one line per interval says the RPC (or database) is failing.
          if (performance.now() - errorLoggedAt < LOG_EVERY_MS) return
          errorLoggedAt = performance.now()
          log.error('indexer poll failed', { service, error })
        },
      })
      following = indexer
      const progressed = setInterval(() => {
        const progress = indexer.progress()
        if (!progress) return
        report({ state: 'catching-up', progress: progress.fraction })
        if (performance.now() - loggedAt >= LOG_EVERY_MS) {
          loggedAt = performance.now()
          log.info('indexing', {
            service,
            progress: progress.fraction,
            detail: `slot ${progress.nextSlot} of ${progress.tip}`,
          })
        }
      }, 500)
      try {
        const abandoned = new Promise<'abandoned'>((resolve) =>
          signal.addEventListener('abort', () => resolve('abandoned'), { once: true }),
        )
        if ((await Promise.race([indexer.caughtUp(), abandoned])) === 'abandoned') {
          await indexer.stop()
          throw new Error('stopped while catching up')
        }
      } finally {
        clearInterval(progressed)
      }
      caughtUp = true
      // It retries its polls itself, so it does not end by itself.
      return Object.assign(indexer, { ended: new Promise<Error>(() => {}) })
    },
    describe: () => `Solana history of ${chainId} followed at ${context.solana.rpcUrl}`,
    onState: (state) => report(statusOfSupervised(state, supervisor.failures())),
  })

  return {
    service,
    source: {
      covers: (id) => id === chainId,
      history(query) {
        if (following && caughtUp) return following.source.history(query)
        const progress = following?.progress()
        return Promise.reject(
          new HistoryNotReadyError(following ? 'catching-up' : 'unreachable', [
            {
              chainId,
              indexedBlock: progress && progress.nextSlot > 0n ? Number(progress.nextSlot - 1n) : null,
              ...(progress && { fraction: progress.fraction }),
            },
          ]),
        )
      },
    },
    status: () => status,
    stop: () => supervisor.stop(),
  }
}
