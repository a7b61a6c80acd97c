/**
 * Keeps one history indexer running for the life of the server: starts it, and when a
 * start fails (a database that refuses, an RPC that is down, a crash) or the indexer ends
 * by itself later, starts it again after a pause that doubles up to a ceiling. Each
 * failure is one JSON log line naming the service, the attempt and the pause, so a
 * history route is never left broken for the life of the process by one bad start.
 */
import type { ServerLog } from '../observability/jsonLog.js'

/** How long to wait before the next start: `firstMs` after the first failure, doubling up to `maxMs`. */
export type Backoff = { firstMs: number; maxMs: number }

/** Default backoff: 1 s, 2 s, 4 s, … up to a minute between starts. */
export const DEFAULT_INDEXER_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 60_000 }

/** What a start hands back: something that can end by itself, and be stopped. */
export type Supervised = {
  /** Resolves with why, should it end by itself; never after `stop()`. */
  ended: Promise<Error>
  stop(): Promise<void>
}

/** Where a supervised indexer stands. */
export type SupervisedState = 'starting' | 'ready' | 'retrying' | 'stopped'

export type SuperviseOptions<T extends Supervised> = {
  /** The name its log lines carry, e.g. `history-evm`. */
  service: string
  /** One start; resolves once the indexer is up (caught up), rejects when it could not start. */
  start(signal: AbortSignal, attempt: number): Promise<T>
  /** What the `up` line says about it. */
  describe(started: T): string
  log: ServerLog
  backoff?: Backoff
  /** Called on every change of state. */
  onState?(state: SupervisedState): void
}

export type Supervisor<T extends Supervised> = {
  state(): SupervisedState
  /** The running indexer once a start succeeded; undefined while starting or after a failure. */
  current(): T | undefined
  /** How many starts have failed (and ends happened) since the last one that succeeded. */
  failures(): number
  /** Abandons a start under way or stops the running indexer; no start follows. Safe to call twice. */
  stop(): Promise<void>
}

const elapsed = (since: number) => Math.round(performance.now() - since)

/**
 * @example
 * const evm = superviseIndexer({
 *   service: 'history-evm',
 *   start: (signal) => startEvmIndexer({ chains, signal }),
 *   describe: (indexer) => `EVM history indexed at ${indexer.url}`,
 *   log: jsonLog(),
 * })
 * await evm.stop()
 */
export function superviseIndexer<T extends Supervised>(options: SuperviseOptions<T>): Supervisor<T> {
  const { service, log } = options
  const backoff = options.backoff ?? DEFAULT_INDEXER_BACKOFF
  const abort = new AbortController()
  const aborted = new Promise<void>((resolve) =>
    abort.signal.addEventListener('abort', () => resolve(), { once: true }),
  )
  let state: SupervisedState = 'starting'
  let current: T | undefined
  let failures = 0
  const set = (next: SupervisedState) => {
    if (state === next) return
    state = next
    options.onState?.(next)
  }
  const pause = (ms: number) =>
    Promise.race([aborted, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())])

  const run = (async () => {
    for (let attempt = 1; !abort.signal.aborted; attempt++) {
      const begun = performance.now()
      set('starting')
      let why: unknown
      try {
        const started = await options.start(abort.signal, attempt)
        if (abort.signal.aborted) {
          await started.stop()
          return
        }
        current = started
        failures = 0
        set('ready')
        log.info('up', { service, detail: options.describe(started), attempt, ms: elapsed(begun) })
        const ended = await Promise.race([started.ended, aborted.then(() => undefined)])
        if (ended === undefined) return
        current = undefined
        // What it leaves behind (a temporary directory) goes before the next start.
        await started.stop().catch(() => {})
        why = ended
      } catch (error) {
        if (abort.signal.aborted) return
        why = error
      }
      failures++
      const retryInMs = Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1))
      set('retrying')
      log.error('indexer failed', { service, attempt, retryInMs, error: clipped(why) })
      await pause(retryInMs)
    }
  })()

  let stopping: Promise<void> | undefined
  return {
    state: () => state,
    current: () => current,
    failures: () => failures,
    stop() {
      stopping ??= (async () => {
        abort.abort()
        await run
        await current?.stop()
        current = undefined
        set('stopped')
      })()
      return stopping
    },
  }
}

/** An error for a log line: its message, the tail of a long one (a process's output) kept. */
function clipped(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error)
  return new Error(message.length > 2_000 ? `…${message.slice(-2_000)}` : message)
}
