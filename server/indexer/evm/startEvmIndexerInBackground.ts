/**
 * The indexer for a stack that starts several things at once (the demo, a test run): its
 * URL and source at once, so the API server can be made with them, while Ponder boots and
 * catches up (about a minute on 2 cores) in parallel with everything else. A start that
 * fails (Ponder exits, or stops making progress) is tried again.
 */
import type { HistorySource } from '../../api/historySource.js'
import { createEvmHistorySource } from './evmHistorySource.js'
import { findFreePort } from './findFreePort.js'
import { type EvmIndexer, type StartEvmIndexerOptions, startEvmIndexer } from './startEvmIndexer.js'
import type { IndexProgress } from './waitUntilIndexed.js'

export type BackgroundEvmIndexer = {
  /** Where it will listen, e.g. http://127.0.0.1:42069 */
  url: string
  /** Its history; a query fails until the indexer listens. */
  source: HistorySource
  /**
   * Resolves once it has caught up with the chains; rejects, after its retries, if it
   * could not. Never an unhandled rejection: a caller may attach to it at any time.
   */
  ready: Promise<void>
  /** The latest reading of how far the index is (null while it boots). */
  progress(): IndexProgress
  /** Stops it, or abandons a start still under way. Safe to call twice. */
  stop(): Promise<void>
}

export type BackgroundEvmIndexerOptions = Omit<StartEvmIndexerOptions, 'port' | 'signal'> & {
  /** How many times to start it in all when a start fails (it exits, stalls). Default 3. */
  attempts?: number
  /** Called when a start failed and another follows, with why and the coming attempt's number. */
  onRetry?: (error: Error, attempt: number) => void
}

/**
 * @example
 * const evm = await startEvmIndexerInBackground({ chains: [{ chainId: 31337, rpcUrl }] })
 * const api = await startApiServer({ chains, history: [evm.source] })
 * await evm.ready
 */
export async function startEvmIndexerInBackground(
  options: BackgroundEvmIndexerOptions,
): Promise<BackgroundEvmIndexer> {
  const { attempts = 3, onRetry, ...startOptions } = options
  const port = await findFreePort()
  const url = `http://127.0.0.1:${port}`
  const abandon = new AbortController()
  let progress: IndexProgress = null
  const startOnce = () =>
    startEvmIndexer({
      ...startOptions,
      port,
      signal: abandon.signal,
      onProgress(reading) {
        progress = reading
        startOptions.onProgress?.(reading)
      },
    })
  const starting = (async (): Promise<EvmIndexer> => {
    for (let attempt = 1; ; attempt++) {
      abandon.signal.throwIfAborted()
      try {
        return await startOnce()
      } catch (error) {
        if (abandon.signal.aborted || attempt >= attempts) throw error
        onRetry?.(error instanceof Error ? error : new Error(String(error)), attempt + 1)
        // A pause so a machine too busy for the last try is given a moment.
        await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt))
      }
    }
  })()
  const ready = starting.then(() => undefined)
  // Marked handled: a failure before anyone listens (the demo prints its URL first) must
  // not end the process; whoever awaits `ready` still gets the rejection.
  ready.catch(() => {})
  let stopping: Promise<void> | undefined
  return {
    url,
    source: createEvmHistorySource(
      url,
      options.chains.map((chain) => chain.chainId),
    ),
    ready,
    progress: () => progress,
    stop() {
      stopping ??= (async () => {
        abandon.abort()
        const indexer = await starting.catch(() => undefined)
        await indexer?.stop()
      })()
      return stopping
    },
  }
}
