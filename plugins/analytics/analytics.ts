import { ConfigError, definePlugin, type Plugin } from 'latchkit'
import { loadModule } from 'latchkit/internal'
import * as z from 'zod/mini'
import type { AnalyticsEvent } from './analyticsEvent'
import type { SendBatch } from './beaconQueue'
import { eventsFromBus } from './eventsFromBus'

/** The analytics plugin's id. */
export const ANALYTICS_PLUGIN_ID = 'analytics'

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

const analyticsConfig = z.object({ isAnalyticsEnabled: z.boolean() })

function check(
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

/**
 * Privacy-first analytics of the connect funnel: the modal opening, connections started,
 * made and failed by method, network switches, sends, swaps, buys and sign-ins, batched
 * and sent with `sendBeacon` to the integrator's own `endpoint` (latchkit-server's
 * collector serves one). Nothing is recorded without an endpoint, with `enabled: false`,
 * or when the project's `GET /getAnalyticsConfig` says no or cannot be read; no address
 * unless `includeAddresses`, never an email or an amount.
 *
 * @example
 * import { analytics } from 'latchkit/plugins/analytics'
 * createKernel({ networks, plugins: [analytics({ endpoint: 'https://api.example/v1/analytics/events' })], projectId })
 */
export function analytics(options: AnalyticsOptions = {}): Plugin<undefined> {
  const settings = check(options)
  return definePlugin({
    id: ANALYTICS_PLUGIN_ID,
    setup(ctx) {
      const { endpoint } = settings
      if (!settings.enabled || !endpoint) {
        ctx.logger.debug(settings.enabled ? 'analytics off: no endpoint' : 'analytics turned off')
        return
      }
      // On a server render, or a browser without sendBeacon, there is no page to count.
      if (!options.send && (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function')) {
        ctx.logger.debug('analytics off: no navigator.sendBeacon here')
        return
      }
      // Held until the project's answer: sent if it says yes, dropped if no.
      let held: AnalyticsEvent[] | undefined = []
      let queue: { add(event: AnalyticsEvent): void; stop(): void } | undefined
      const stopListening = eventsFromBus(
        ctx.bus,
        { includeAddresses: settings.includeAddresses, now: Date.now },
        (event) => (queue ? queue.add(event) : held?.push(event)),
      )
      let stopped = false
      // The sending half loads only once analytics is known to be on: its own chunk.
      const start = () =>
        void loadModule(() => import('./beaconQueue'), 'the analytics sender').then(
          ({ beacon, beaconQueue }) => {
            if (stopped || !held) return
            queue = beaconQueue({
              endpoint,
              projectId: ctx.kernel.options.projectId ?? '',
              batchSize: settings.batchSize,
              flushIntervalMs: settings.flushIntervalMs,
              send: settings.send ?? beacon,
            })
            for (const event of held) queue.add(event)
            held = undefined
          },
          (error: unknown) => off(`its sender did not load: ${String(error)}`),
        )
      const off = (why: string) => {
        ctx.logger.debug(`analytics off: ${why}`)
        held = undefined
        stopListening()
      }
      if (!ctx.api.url('wallets')) {
        // No project API to ask: the integrator's endpoint is the decision.
        start()
      } else {
        ctx.api.request({ service: 'wallets', path: 'getAnalyticsConfig', schema: analyticsConfig }).then(
          (config) => (config.isAnalyticsEnabled ? start() : off('the project has analytics turned off')),
          () => off('the project configuration could not be read'),
        )
      }
      // The bus listener is the kernel's to remove; the sender is ours.
      return () => {
        stopped = true
        queue?.stop()
      }
    },
  })
}
