import { definePlugin, type Plugin } from 'latchkit'
import { loadModule } from 'latchkit/internal'
import * as z from 'zod/mini'
import type { AnalyticsEvent } from './analyticsEvent'
import { eventsFromBus } from './eventsFromBus'
import { ANALYTICS_PLUGIN_ID } from './ids'
import { type AnalyticsOptions, checkOptions } from './options'

const analyticsConfig = z.object({ isAnalyticsEnabled: z.boolean() })

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
  const settings = checkOptions(options)
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
