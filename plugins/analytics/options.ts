import { ConfigError } from 'latchkit'
import type { SendBatch } from './beaconQueue'

/** What `analytics(options)` takes. */
export interface AnalyticsOptions {
  /**
   * Where batches are sent (`POST`, JSON as text/plain), e.g. a latchkit-server's
   * `https://api.example/v1/analytics/events`. Without it nothing is recorded or sent.
   */
  endpoint?: string
  /** `false` turns analytics off: no event is recorded and no request made. Default true. */
  enabled?: boolean
  /** Put the account's address in connect, transaction and sign-in events. Default false. */
  includeAddresses?: boolean
  /** Send as soon as this many events wait. Default 20. */
  batchSize?: number
  /** Send what waits this often, in ms. Default 5000. */
  flushIntervalMs?: number
  /** How a batch leaves the page. Default `navigator.sendBeacon`. */
  send?: SendBatch
}

/**
 * The options with their defaults, or a ConfigError naming the one that is wrong.
 *
 * @example
 * checkOptions({ endpoint: 'https://api.example/v1/analytics/events' }).batchSize // 20
 */
export function checkOptions(
  options: AnalyticsOptions,
): Required<Omit<AnalyticsOptions, 'endpoint' | 'send'>> & Pick<AnalyticsOptions, 'endpoint' | 'send'> {
  const { batchSize = 20, flushIntervalMs = 5000, endpoint } = options
  const fail = (details: string) => {
    throw new ConfigError('Invalid analytics options', { code: 'INVALID_OPTIONS', details })
  }
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) fail('endpoint must be an http(s) URL')
  if (!(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 100)) fail('batchSize must be 1 to 100')
  if (!(Number.isFinite(flushIntervalMs) && flushIntervalMs >= 100))
    fail('flushIntervalMs must be at least 100')
  return {
    ...(endpoint !== undefined && { endpoint }),
    enabled: options.enabled ?? true,
    includeAddresses: options.includeAddresses ?? false,
    batchSize,
    flushIntervalMs,
    ...(options.send && { send: options.send }),
  }
}
