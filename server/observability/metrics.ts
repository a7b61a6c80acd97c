/**
 * Request and error counters, answered in the Prometheus text format (version 0.0.4) on
 * `/metrics`. Labels are bounded: the service a path belongs to (never the path itself,
 * which holds addresses), the method from a fixed list, and the status code.
 */

/** Methods counted under their own name; any other is counted as `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export type Metrics = {
  /** Counts one answered request; a status of 500 or more counts as an error too. */
  request(service: string, method: string, status: number, seconds: number): void
  /**
   * The text `/metrics` answers, with each service's readiness, how far each history
   * indexer the server runs has caught up (0 to 1), and the start-up time.
   */
  text(gauges: {
    ready: Record<string, boolean>
    indexProgress?: Record<string, number>
    startupSeconds: number | undefined
  }): string
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([key, value]) => `${key}="${escapeLabel(value)}"`)
    .join(',')}}`

/**
 * @example
 * const metrics = createMetrics()
 * metrics.request('api', 'GET', 200, 0.012)
 * metrics.text({ ready: { api: true }, startupSeconds: 0.8 })
 * // latchkit_http_requests_total{service="api",method="GET",status="200"} 1 …
 */
export function createMetrics(): Metrics {
  const requests = new Map<string, { labels: Record<string, string>; count: number }>()
  const errors = new Map<string, number>()
  const durations = new Map<string, { sum: number; count: number }>()
  return {
    request(service, method, status, seconds) {
      const verb = METHODS.has(method) ? method : 'OTHER'
      const key = `${service} ${verb} ${status}`
      const entry = requests.get(key) ?? {
        labels: { service, method: verb, status: String(status) },
        count: 0,
      }
      entry.count++
      requests.set(key, entry)
      if (status >= 500) errors.set(service, (errors.get(service) ?? 0) + 1)
      const duration = durations.get(service) ?? { sum: 0, count: 0 }
      duration.sum += seconds
      duration.count++
      durations.set(service, duration)
    },
    text({ ready, indexProgress = {}, startupSeconds }) {
      const lines = [
        '# HELP latchkit_http_requests_total HTTP requests answered, by service, method and status.',
        '# TYPE latchkit_http_requests_total counter',
        ...[...requests.values()].map(
          (entry) => `latchkit_http_requests_total${labels(entry.labels)} ${entry.count}`,
        ),
        '# HELP latchkit_http_request_errors_total HTTP requests answered with a 5xx status, by service.',
        '# TYPE latchkit_http_request_errors_total counter',
        // Every service that answered anything has a line, 0 included: a rate needs the series to exist.
        ...[...durations.keys()].map(
          (service) => `latchkit_http_request_errors_total${labels({ service })} ${errors.get(service) ?? 0}`,
        ),
        '# HELP latchkit_http_request_duration_seconds Time to answer a request (until its headers), by service.',
        '# TYPE latchkit_http_request_duration_seconds summary',
        ...[...durations.entries()].flatMap(([service, { sum, count }]) => [
          `latchkit_http_request_duration_seconds_sum${labels({ service })} ${sum}`,
          `latchkit_http_request_duration_seconds_count${labels({ service })} ${count}`,
        ]),
        '# HELP latchkit_service_ready Whether each configured service is ready (1) or not (0).',
        '# TYPE latchkit_service_ready gauge',
        ...Object.entries(ready).map(
          ([service, isReady]) => `latchkit_service_ready${labels({ service })} ${isReady ? 1 : 0}`,
        ),
      ]
      if (Object.keys(indexProgress).length > 0)
        lines.push(
          '# HELP latchkit_history_index_progress How far each history index run by the server has caught up with its chains (0 to 1).',
          '# TYPE latchkit_history_index_progress gauge',
          ...Object.entries(indexProgress).map(
            ([service, share]) => `latchkit_history_index_progress${labels({ service })} ${share}`,
          ),
        )
      if (startupSeconds !== undefined)
        lines.push(
          '# HELP latchkit_startup_seconds Seconds from the process start until every service was ready.',
          '# TYPE latchkit_startup_seconds gauge',
          `latchkit_startup_seconds ${startupSeconds}`,
        )
      return `${lines.join('\n')}\n`
    },
  }
}
