import type { AnalyticsEvent } from './analyticsEvent'

/** The most events one beacon carries (the collector takes up to 100). */
export const MAX_BATCH = 100

/** How a batch leaves the page: `navigator.sendBeacon`, which outlives the page's unload. */
export type SendBatch = (endpoint: string, body: string) => void

/**
 * sendBeacon with a text/plain body: a request the browser sends without a CORS
 * preflight and delivers even while the page unloads.
 */
export const beacon: SendBatch = (endpoint, body) => {
  navigator.sendBeacon(endpoint, new Blob([body], { type: 'text/plain;charset=UTF-8' }))
}

/**
 * Collects events and sends them in batches: when `batchSize` are waiting, every
 * `flushIntervalMs`, and when the page is hidden (the last chance before it goes).
 *
 * @example
 * const queue = beaconQueue({ endpoint, projectId, batchSize: 20, flushIntervalMs: 5000, send: beacon })
 * queue.add({ event: 'modal_open', at: Date.now() })
 */
export function beaconQueue(options: {
  endpoint: string
  projectId: string
  batchSize: number
  flushIntervalMs: number
  send: SendBatch
}) {
  let waiting: AnalyticsEvent[] = []
  const flush = () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH)
      waiting = waiting.slice(MAX_BATCH)
      options.send(options.endpoint, JSON.stringify({ projectId: options.projectId, events: batch }))
    }
  }
  const timer = setInterval(flush, options.flushIntervalMs)
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  const hasDocument = typeof document !== 'undefined'
  if (hasDocument) document.addEventListener('visibilitychange', onHidden)
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush)
  return {
    add(event: AnalyticsEvent) {
      waiting.push(event)
      if (waiting.length >= options.batchSize) flush()
    },
    flush,
    stop() {
      flush()
      clearInterval(timer)
      if (hasDocument) document.removeEventListener('visibilitychange', onHidden)
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush)
    },
  }
}
