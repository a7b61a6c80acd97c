/**
 * How a Latchkit command starts and stops, shared by `latchkit-server` and
 * `latchkit-frame-service`: the port opens first and answers `/healthz`, `/readyz` and
 * `/metrics` at once, and every other request 503 `STARTING` (naming what is not up)
 * until the caller hands over its handler; each service is marked up as it comes
 * (`/readyz` names those still starting); every request is counted and logged as one JSON
 * line; the stop turns `/readyz` 503, lets the requests under way finish, then closes
 * what was opened, last first.
 *
 * It knows no service: the caller names them, brings them up in whatever order suits it,
 * and says when all are.
 */
import type { IndexerStatus } from '../history/runningHistory.js'
import type { ServerLog } from '../observability/jsonLog.js'
import { createMetrics, type Metrics } from '../observability/metrics.js'
import {
  type FetchHandler,
  type MetricsAccess,
  observed,
  startingAnswer,
} from '../observability/observedHandler.js'
import { createReadiness, type Readiness } from '../observability/readiness.js'
import { type Listening, listen } from './listen.js'

export type ListenFirstOptions = {
  /** The services `/readyz` waits for, in the order it lists them. */
  services: readonly string[]
  /** The service a path belongs to, for the request log and the counters. */
  serviceOf: (path: string) => string
  log: ServerLog
  /** Who may read `/metrics`. Default 'open'. */
  metricsAccess?: MetricsAccess
  /** Reported on `/readyz` and `/metrics` without holding readiness back (the history indexers). */
  indexers?: () => Record<string, IndexerStatus>
  port?: number
  host?: string
}

export type Started = {
  /** The port, answering the probes from now on. */
  listening: Listening
  log: ServerLog
  /** The counters, for another port of the same process to count into. */
  metrics: Metrics
  readiness: Readiness
  /** Milliseconds since `listenFirst` was called. */
  elapsed(): number
  /**
   * Marks `service` ready and logs `up` with `detail`; `close`, when given, runs at the
   * stop (and after a failed start), in the reverse order of the `up` calls.
   */
  up(service: string, detail: string, close?: () => Promise<void>): void
  /** Sends every request from now on to `handler`, and logs `ready`: the start is over. */
  serve(handler: FetchHandler): void
  /** Closes what `up` registered, last first, logging `down` for each. */
  closeOpened(): Promise<void>
  /**
   * The stop: `/readyz` turns 503, `beforePort` runs (what holds upgraded sockets), the
   * port closes once the requests under way are answered (for at most `graceMs`), then
   * `afterPort` runs and what `up` registered closes. Safe to call twice.
   */
  stop(options: {
    graceMs: number
    beforePort?: () => Promise<void>
    afterPort?: () => Promise<void>
  }): Promise<void>
  /** After a failed start: the port closes at once, then what `up` registered. */
  abort(): Promise<void>
}

/**
 * @example
 * const started = await listenFirst({ services: ['database', 'frame'], serviceOf: () => 'frame', log })
 * const db = await openDatabase()
 * started.up('database', 'PGlite in memory', () => db.close())
 * started.serve(app.fetch)
 */
export async function listenFirst(options: ListenFirstOptions): Promise<Started> {
  const { log } = options
  const begun = performance.now()
  const elapsed = () => Math.round(performance.now() - begun)
  const readiness = createReadiness(options.services, options.indexers)
  const metrics = createMetrics()
  const notReady = () =>
    Object.entries(readiness.states())
      .filter(([, state]) => state !== 'ready')
      .map(([service]) => service)
  let handler: FetchHandler | undefined
  let startupSeconds: number | undefined
  const listening = await listen(
    observed((request, env) => (handler ? handler(request, env) : startingAnswer(notReady())), {
      serviceOf: options.serviceOf,
      log,
      metrics,
      probes: {
        readiness,
        metricsAccess: options.metricsAccess ?? 'open',
        startupSeconds: () => startupSeconds,
      },
    }),
    {
      ...(options.port !== undefined && { port: options.port }),
      ...(options.host !== undefined && { host: options.host }),
    },
  )
  log.info('listening', { url: listening.url, ms: elapsed() })

  const opened: { service: string; close: () => Promise<void> }[] = []
  const closeOpened = async () => {
    for (const { service, close } of opened.splice(0).reverse()) {
      await close()
      log.info('down', { service })
    }
  }
  let stopping: Promise<void> | undefined
  return {
    listening,
    log,
    metrics,
    readiness,
    elapsed,
    up(service, detail, close) {
      if (close) opened.push({ service, close })
      readiness.set(service, 'ready')
      log.info('up', { service, detail, ms: elapsed() })
    },
    serve(fetch) {
      handler = fetch
      startupSeconds = performance.now() / 1000
      log.info('ready', { url: listening.url, ms: elapsed(), sinceLaunchMs: Math.round(performance.now()) })
    },
    closeOpened,
    stop({ graceMs, beforePort, afterPort }) {
      stopping ??= (async () => {
        readiness.stopping()
        await beforePort?.()
        await listening.close({ graceMs })
        log.info('down', { service: 'http' })
        await afterPort?.()
        await closeOpened()
      })()
      return stopping
    },
    async abort() {
      await listening.close()
      await closeOpened()
    },
  }
}
