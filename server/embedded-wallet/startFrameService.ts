/**
 * The frame service on a port of its own (what `latchkit-frame-service` runs), started as
 * `latchkit-server` starts (server/http/listenFirst.ts): the port opens first and answers
 * `/healthz` (live), `/readyz` (200 once its database and the service are up, else 503
 * naming what is not) and `/metrics` at once, every other request 503 `STARTING` until then;
 * each request is logged as one JSON line; the stop lets the requests under way finish.
 */

import { openDatabase } from '../db/openDatabase.js'
import { redactPassword } from '../db/postgres.js'
import type { DatabaseOption } from '../db/sqlClient.js'
import { listenFirst } from '../http/listenFirst.js'
import { type ServerLog, silentLog } from '../observability/jsonLog.js'
import type { MetricsAccess } from '../observability/observedHandler.js'
import {
  type CreateFrameServiceOptions,
  createFrameService,
  type FrameService,
} from './createFrameService.js'

export type StartFrameServiceOptions = CreateFrameServiceOptions & {
  /** Default 0: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** How long the stop waits for requests under way. Default 10 s. */
  shutdownGraceMs?: number
  /** Who may read `/metrics`: 'open' (default), 'closed', or `{ token }` (a Bearer token). */
  metrics?: MetricsAccess
}

export type StartFrameServiceHooks = {
  /**
   * Where the start (`listening`, `up` for the database and the service, `ready`), every
   * request and the stop (`down` each, then `stopped` from the command) are logged.
   * Default: nowhere.
   */
  log?: ServerLog
}

export type StartedFrameService = {
  /** The service's origin as reached here, e.g. `http://127.0.0.1:8794`: the widget's `frameUrl`. */
  url: string
  port: number
  service: FrameService
  /**
   * Stops: `/readyz` turns 503, waiting requests are answered, the port closes once the
   * requests under way are answered (for at most `shutdownGraceMs`), then the service and
   * the database close. Safe to call twice.
   */
  stop(): Promise<void>
}

/** Default of `shutdownGraceMs`. */
export const FRAME_SHUTDOWN_GRACE_MS = 10_000

/** Where the service keeps its state, for the log (a PostgreSQL password never shown). */
export function describeFrameDatabase(database: DatabaseOption | undefined): string {
  if (database && 'url' in database) return `PostgreSQL at ${redactPassword(database.url)}`
  if (database && 'dataDir' in database && database.dataDir !== undefined)
    return `PGlite in ${database.dataDir}`
  if (database && 'query' in database) return 'the database given'
  return 'PGlite in memory (gone on stop)'
}

/**
 * Resolves once the database and the service are up, or rejects with what failed, having
 * closed the port and whatever it had opened.
 *
 * @example
 * const frame = await startFrameService({
 *   port: 8794,
 *   smtp: { host: '127.0.0.1', port: 2525, from: 'login@latchkit.test' },
 *   projects: { demo: { allowedOrigins: ['http://127.0.0.1:5173'] } },
 *   chains: { 'eip155:31337': 'http://127.0.0.1:8545' },
 *   shareKey: process.env.LATCHKIT_FRAME_SHARE_KEY ?? '',
 * }, { log: jsonLog() })
 */
export async function startFrameService(
  options: StartFrameServiceOptions,
  hooks: StartFrameServiceHooks = {},
): Promise<StartedFrameService> {
  const { port, host, shutdownGraceMs, metrics, database, ...serviceOptions } = options
  const started = await listenFirst({
    services: ['database', 'frame'],
    serviceOf: () => 'frame',
    log: hooks.log ?? silentLog,
    ...(metrics !== undefined && { metricsAccess: metrics }),
    port: port ?? 0,
    ...(host ? { host } : {}),
  })
  const { listening } = started
  let service: FrameService
  try {
    const db = await openDatabase(database)
    started.up('database', describeFrameDatabase(database), () => db.close())
    service = await createFrameService({ ...serviceOptions, database: db.sql })
    const { smtp, projects } = serviceOptions
    started.up(
      'frame',
      `embedded wallet frame service for ${Object.keys(projects).join(', ')}, mail via ${smtp.host}:${smtp.port}`,
      () => service.close(),
    )
    started.serve(service.app.fetch)
  } catch (error) {
    await started.abort()
    throw error
  }
  const graceMs = shutdownGraceMs ?? FRAME_SHUTDOWN_GRACE_MS
  return {
    // createFrameService has checked it is an origin; given with a trailing slash, it has none here.
    url: options.publicUrl === undefined ? listening.url : new URL(options.publicUrl).origin,
    port: listening.port,
    service,
    stop: () =>
      started.stop({
        graceMs,
        // A device approval waits up to a minute: answered now, not waited for.
        beforePort: async () => service.stopWaiting(),
      }),
  }
}
