/**
 * The analytics collector: takes the widget's event batches (the analytics plugin sends
 * them with `navigator.sendBeacon`, so as `text/plain` JSON), keeps them in its database,
 * and answers the connect funnel from them, as JSON and as a small page for people. It is
 * the `analytics` of the API app (`createApiApp({ analytics })`), which gives its routes
 * the input checks and JSON errors every route has. Nothing is stored but what the
 * widget sent; an address only when the integrator turned that on in the widget.
 */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { BadRequest } from '../api/httpErrors.js'
import { parseInput, readQuery } from '../api/parseInput.js'
import type { DatabaseOption, SqlClient } from '../db/sqlClient.js'
import { openAnalyticsDatabase } from './database.js'
import { type FunnelAccess, MIN_FUNNEL_TOKEN_LENGTH, requireFunnelAccess } from './funnelAccess.js'

/** The events the widget reports; anything else is refused, so the table holds only these. */
export const ANALYTICS_EVENTS = [
  'modal_open',
  'connect_start',
  'connect_success',
  'connect_error',
  'network_switch',
  'send',
  'swap',
  'buy',
  'sign_in',
] as const

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number]

/** The most events one batch may carry by default: what the plugin's beacon queue sends at most. */
export const DEFAULT_MAX_EVENTS_PER_BATCH = 100

/** How old an event may be: a beacon held by a page in a background tab, not a replayed log. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How far ahead an event may be: a client clock a little fast. */
const MAX_AHEAD_MS = 5 * 60 * 1000

/** The key the funnel counts an event without a method under (the method rule has no parentheses). */
export const NO_METHOD = '(none)'

export type AnalyticsCollectorOptions = {
  /** Where events are kept; several instances may share a PostgreSQL by URL. Default: in memory. */
  database?: DatabaseOption
  /** The most events one POST may carry (more is a 400). Default {@link DEFAULT_MAX_EVENTS_PER_BATCH}. */
  maxEventsPerBatch?: number
  /**
   * Who may read the funnel (GET /v1/analytics/funnel and the page GET /analytics):
   * `{ token }` asks for it (HTTP Basic password or Bearer), 'closed' serves it to no one,
   * 'open' (the default here; the command line never opens it) to anyone who reaches the
   * server. Sending events needs nothing: the widget has no secret to send.
   */
  funnelAccess?: FunnelAccess
  /** The clock events' `at` is checked against, in ms (tests move it). */
  now?: () => number
}

/** The connect funnel of a project since a moment: how many opened the modal, and per method how many tried, connected, failed. */
export type AnalyticsFunnel = {
  projectId: string
  since: number
  opens: number
  attempts: Record<string, number>
  successes: Record<string, number>
  errors: Record<string, number>
}

/** A collector with its database open; mount `routes` in the API app, `close` lets go of the database. */
export type AnalyticsCollector = {
  routes: Hono
  /** The funnel as GET /v1/analytics/funnel answers it. */
  funnel(projectId: string, since: number): Promise<AnalyticsFunnel>
  close(): Promise<void>
}

const projectId = z.string().check(z.minLength(1, 'is required'), z.maxLength(128))

const funnelQuery = z.object({
  projectId,
  since: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,15}$/, 'must be a time in ms since 1970')),
      z.transform((value) => Number(value)),
    ),
  ),
})

function batchSchema(maxEvents: number, now: () => number) {
  const event = z.object({
    event: z.enum(ANALYTICS_EVENTS),
    at: z.int().check(
      z.refine((at) => {
        const current = now()
        return at >= current - MAX_AGE_MS && at <= current + MAX_AHEAD_MS
      }, 'must be a time in ms since 1970 within the last day (and at most 5 minutes ahead)'),
    ),
    method: z.optional(
      z.string().check(z.regex(/^[a-zA-Z0-9._:-]{1,64}$/, 'must be 1-64 letters, digits or . _ : -')),
    ),
    namespace: z.optional(z.enum(['eip155', 'solana'])),
    network: z.optional(
      z
        .string()
        .check(
          z.maxLength(64),
          z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id such as eip155:1'),
        ),
    ),
    kind: z.optional(z.string().check(z.maxLength(32))),
    address: z.optional(z.string().check(z.maxLength(128))),
  })
  return z.object({
    projectId,
    events: z.array(event).check(z.minLength(1, 'must hold at least one event'), z.maxLength(maxEvents)),
  })
}

type Batch = z.output<ReturnType<typeof batchSchema>>

/** sendBeacon sends a string as text/plain; a script may send application/json. */
const BODY_TYPES = ['text/plain', 'application/json']

/**
 * @example
 * const analytics = await createAnalyticsCollector({ database: { url: process.env.DATABASE_URL } })
 * const app = createApiApp({ reader, settings, analytics })
 * // later: await analytics.close()
 */
export async function createAnalyticsCollector(
  options: AnalyticsCollectorOptions = {},
): Promise<AnalyticsCollector> {
  const maxEvents = options.maxEventsPerBatch ?? DEFAULT_MAX_EVENTS_PER_BATCH
  if (!Number.isInteger(maxEvents) || maxEvents < 1)
    throw new Error(`createAnalyticsCollector: maxEventsPerBatch ${maxEvents} is not a whole number from 1`)
  const access = options.funnelAccess ?? 'open'
  if (typeof access === 'object' && access.token.length < MIN_FUNNEL_TOKEN_LENGTH)
    throw new Error(
      `createAnalyticsCollector: the funnel token must be at least ${MIN_FUNNEL_TOKEN_LENGTH} characters`,
    )
  const schema = batchSchema(maxEvents, options.now ?? Date.now)
  const db = await openAnalyticsDatabase(options.database)
  const funnel = (project: string, since: number) => countFunnel(db.sql, project, since)

  const routes = new Hono()
  routes.post('/v1/analytics/events', async (c) => {
    const what = 'POST /v1/analytics/events'
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!BODY_TYPES.includes(type))
      throw new BadRequest(`${what}: the body must be JSON sent as text/plain or application/json`)
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      throw new BadRequest(`${what}: the body is not JSON`)
    }
    await insertBatch(db.sql, parseInput(schema, raw, what))
    return c.body(null, 204)
  })
  routes.get('/v1/analytics/funnel', async (c) => {
    requireFunnelAccess(c, access)
    const query = readQuery(c, funnelQuery, 'GET /v1/analytics/funnel')
    return c.json(await funnel(query.projectId, query.since ?? 0))
  })
  routes.get('/analytics', async (c) => {
    requireFunnelAccess(c, access)
    const query = readQuery(c, funnelQuery, 'GET /analytics')
    const page = funnelPage(await funnel(query.projectId, query.since ?? 0))
    // The page loads nothing and runs nothing: should escaping ever miss, a script still would not run.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Cache-Control', 'no-store')
    return c.html(page)
  })

  return { routes, funnel, close: () => db.close() }
}

/** The batch in one statement: a column array per field, so a batch is one round trip and all or nothing. */
async function insertBatch(sql: SqlClient, batch: Batch): Promise<void> {
  const column = <K extends keyof Batch['events'][number]>(key: K) =>
    batch.events.map((event) => event[key] ?? null)
  await sql.query(
    `INSERT INTO analytics_events (project_id, event, method, namespace, network, kind, address, at)
     SELECT $1, e, m, ns, nw, k, a, to_timestamp(t / 1000.0)
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
       AS u(e, m, ns, nw, k, a, t)`,
    [
      batch.projectId,
      column('event'),
      column('method'),
      column('namespace'),
      column('network'),
      column('kind'),
      column('address'),
      column('at'),
    ],
  )
}

const FUNNEL_EVENTS = ['modal_open', 'connect_start', 'connect_success', 'connect_error']

async function countFunnel(sql: SqlClient, project: string, since: number): Promise<AnalyticsFunnel> {
  const { rows } = await sql.query<{ event: string; method: string; n: string | number }>(
    `SELECT event, coalesce(method, $4) AS method, count(*) AS n
     FROM analytics_events
     WHERE project_id = $1 AND at >= to_timestamp($2 / 1000.0) AND event = ANY($3::text[])
     GROUP BY event, coalesce(method, $4)`,
    [project, since, FUNNEL_EVENTS, NO_METHOD],
  )
  const funnel: AnalyticsFunnel = {
    projectId: project,
    since,
    opens: 0,
    attempts: {},
    successes: {},
    errors: {},
  }
  const byEvent: Record<string, Record<string, number>> = {
    connect_start: funnel.attempts,
    connect_success: funnel.successes,
    connect_error: funnel.errors,
  }
  for (const row of rows) {
    const n = Number(row.n)
    if (row.event === 'modal_open') funnel.opens += n
    else {
      const counts = byEvent[row.event]
      if (counts) counts[row.method] = (counts[row.method] ?? 0) + n
    }
  }
  return funnel
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text as HTML shows it literally, in an element or an attribute.
 *
 * @example escapeHtml('<script>') // '&lt;script&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`)

/**
 * The funnel as one self-contained page: the opens, then a row per method with its
 * attempts, successes, errors and the share of attempts that connected.
 *
 * @example funnelPage(await collector.funnel('my-project', 0))
 */
export function funnelPage(funnel: AnalyticsFunnel): string {
  const methods = [
    ...new Set([
      ...Object.keys(funnel.attempts),
      ...Object.keys(funnel.successes),
      ...Object.keys(funnel.errors),
    ]),
  ].sort((a, b) => (funnel.attempts[b] ?? 0) - (funnel.attempts[a] ?? 0) || a.localeCompare(b))
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0)
  const row = (label: string, attempts: number, successes: number, errors: number, tag = 'td') =>
    `<tr><${tag}>${escapeHtml(label)}</${tag}><td>${attempts}</td><td>${successes}</td><td>${errors}</td><td>${percent(successes, attempts)}</td></tr>`
  const rows = methods.map((method) =>
    row(method, funnel.attempts[method] ?? 0, funnel.successes[method] ?? 0, funnel.errors[method] ?? 0),
  )
  const attempts = total(funnel.attempts)
  const successes = total(funnel.successes)
  const since = funnel.since === 0 ? 'all time' : `since ${new Date(funnel.since).toISOString()}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect funnel · ${escapeHtml(funnel.projectId)}</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1b1f; }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
p { margin: 0 0 1rem; color: #555; }
.figures { display: flex; gap: 1rem; margin: 1rem 0; }
.figure { border: 1px solid #ddd; border-radius: 8px; padding: .6rem 1rem; min-width: 8rem; }
.figure b { display: block; font-size: 1.6rem; }
table { border-collapse: collapse; }
th, td { padding: .35rem .8rem; border-bottom: 1px solid #eee; text-align: right; }
th:first-child, td:first-child { text-align: left; }
</style>
</head>
<body>
<h1>Connect funnel</h1>
<p>Project <code>${escapeHtml(funnel.projectId)}</code>, ${escapeHtml(since)}</p>
<div class="figures">
<div class="figure"><b>${funnel.opens}</b>modal opens</div>
<div class="figure"><b>${attempts}</b>connect attempts</div>
<div class="figure"><b>${successes}</b>connected (${percent(successes, attempts)})</div>
<div class="figure"><b>${total(funnel.errors)}</b>errors</div>
</div>
<table>
<thead><tr><th>method</th><th>attempts</th><th>successes</th><th>errors</th><th>conversion</th></tr></thead>
<tbody>
${rows.length > 0 ? rows.join('\n') : '<tr><td colspan="5">No connect attempts yet.</td></tr>'}
</tbody>
</table>
</body>
</html>
`
}
