/**
 * What every request passes through before its service: the probes (`/healthz`,
 * `/readyz`) and the counters (`/metrics`) are answered here, from the moment the port is
 * open, and every request is counted and logged as one JSON line once answered.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { errorBody, errorResponse } from '../http/errorAnswer.js'
import type { ServerLog } from './jsonLog.js'
import type { Metrics } from './metrics.js'
import type { Readiness } from './readiness.js'

/** Who may read `/metrics`: anyone who reaches the port, no one, or whoever sends the token as a Bearer token. */
export type MetricsAccess = 'open' | 'closed' | { token: string }

export type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>

export type ObservedOptions = {
  /** The service a path belongs to: the `service` of its log line and counters. */
  serviceOf: (path: string) => string
  log: ServerLog
  metrics: Metrics
  /** Serve the probes and the counters on this port (the server's own); absent on a port of one service. */
  probes?: {
    readiness: Readiness
    metricsAccess: MetricsAccess
    /** Seconds from the process start until every service was ready; undefined until then. */
    startupSeconds: () => number | undefined
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

const digest = (text: string) => createHash('sha256').update(text).digest()

function metricsAllowed(request: Request, access: MetricsAccess): boolean {
  if (access === 'open') return true
  if (access === 'closed') return false
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  // Digests compared, so neither the time taken nor a length tells how close a guess was.
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(access.token))
}

function probeAnswer(
  request: Request,
  path: string,
  probes: NonNullable<ObservedOptions['probes']>,
  metrics: Metrics,
) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const { readiness } = probes
  if (path === '/healthz') return json(200, { status: 'live' })
  if (path === '/readyz') {
    const services = readiness.states()
    const indexers = readiness.indexers()
    const reported = Object.keys(indexers).length > 0 ? { indexers } : {}
    const notReady = Object.keys(services).filter((service) => services[service] !== 'ready')
    if (notReady.length === 0) return json(200, { ready: true, services, ...reported })
    return json(
      503,
      errorBody('NOT_READY', `not ready: ${notReady.join(', ')}`, { services, notReady, ...reported }),
      { 'retry-after': '1' },
    )
  }
  if (path === '/metrics') {
    if (probes.metricsAccess === 'closed') return undefined
    if (!metricsAllowed(request, probes.metricsAccess))
      return json(401, errorBody('UNAUTHORIZED', '/metrics needs the metrics token as a Bearer token'), {
        'www-authenticate': 'Bearer',
      })
    const states = readiness.states()
    const indexers = Object.entries(readiness.indexers())
    const text = metrics.text({
      ready: Object.fromEntries([
        ...Object.entries(states).map(([service, state]) => [service, state === 'ready']),
        ...indexers.map(([service, status]) => [service, status.state === 'ready']),
      ]),
      indexProgress: Object.fromEntries(
        indexers.map(([service, status]) => [service, 'progress' in status ? (status.progress ?? 0) : 0]),
      ),
      startupSeconds: probes.startupSeconds(),
    })
    return new Response(text, { headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' } })
  }
  return undefined
}

/**
 * `handler` with the probes in front (when `probes` is given), each request counted and logged.
 *
 * @example
 * const fetch = observed(app.fetch, { serviceOf: () => 'api', log: jsonLog(), metrics: createMetrics() })
 * await listen(fetch, { port: 8787 })
 */
export function observed(handler: FetchHandler, options: ObservedOptions): FetchHandler {
  const { log, metrics, probes } = options
  return async (request, env) => {
    const started = performance.now()
    // Node's adapter hands over an absolute URL; only the path is kept (queries carry tokens).
    const path = new URL(request.url).pathname
    const service = probes && /^\/(healthz|readyz|metrics)$/.test(path) ? 'probes' : options.serviceOf(path)
    const account = (status: number) => {
      const seconds = (performance.now() - started) / 1000
      metrics.request(service, request.method, status, seconds)
      log.info('request', {
        service,
        method: request.method,
        path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
        status,
        ms: Math.round(seconds * 10_000) / 10,
      })
    }
    try {
      const response =
        (probes && probeAnswer(request, path, probes, metrics)) ?? (await handler(request, env))
      account(response.status)
      return response
    } catch (error) {
      // The listener answers it 500 in the errors' one shape; counted and logged here as that.
      account(500)
      log.error('request failed', { service, path, error })
      throw error
    }
  }
}

/**
 * The answer to a request that arrives before every service has started: 503, try again in a second.
 *
 * @example startingAnswer(['names']) // 503 { code: 'STARTING', message: 'the server is starting: names not ready yet', … }
 */
export function startingAnswer(notReady: readonly string[]): Response {
  const response = errorResponse(
    503,
    errorBody('STARTING', `the server is starting: ${notReady.join(', ')} not ready yet`, { notReady }),
  )
  response.headers.set('retry-after', '1')
  return response
}
