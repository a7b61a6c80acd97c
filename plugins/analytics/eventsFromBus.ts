import type { Bus } from 'latchkit'
import type { AnalyticsEvent } from './analyticsEvent'

/** What the kernel's transaction summaries call an operation, as the funnel names it. */
const TRANSACTION_EVENTS: Record<string, AnalyticsEvent['event']> = { send: 'send', trade: 'swap' }

/**
 * Listens to the bus and hands `record` one {@link AnalyticsEvent} per thing worth
 * counting: the modal opened, a connection started, succeeded or failed (with its
 * connector as the method), the network changed, a send or swap went to the wallet, a
 * buy's checkout opened, the visitor signed in. Addresses only when `includeAddresses`.
 * Returns the unsubscribe.
 *
 * @example
 * const stop = eventsFromBus(kernel.bus, { includeAddresses: false, now: Date.now }, (event) => queue.push(event))
 */
export function eventsFromBus(
  bus: Bus,
  options: { includeAddresses: boolean; now: () => number },
  record: (event: AnalyticsEvent) => void,
): () => void {
  const at = () => options.now()
  const address = (value: string | undefined) => (options.includeAddresses && value ? { address: value } : {})
  const stops = [
    bus.on('modal:open', () => record({ event: 'modal_open', at: at() })),
    bus.on('connect:start', ({ connectorId, namespace }) =>
      record({ event: 'connect_start', at: at(), method: connectorId, namespace }),
    ),
    bus.on('connect:success', (payload) =>
      record({
        event: 'connect_success',
        at: at(),
        method: payload.connectorId,
        namespace: payload.namespace,
        ...address(payload.address),
      }),
    ),
    bus.on('connect:error', ({ connectorId, namespace, error }) =>
      record({ event: 'connect_error', at: at(), method: connectorId, namespace, kind: error.code }),
    ),
    bus.on('network:changed', ({ namespace, caipNetworkId }) =>
      record({ event: 'network_switch', at: at(), namespace, network: caipNetworkId }),
    ),
    bus.on('tx:sent', (payload) => {
      const event = TRANSACTION_EVENTS[payload.summary?.operation ?? '']
      if (event) {
        record({
          event,
          at: at(),
          namespace: payload.namespace,
          network: payload.caipNetworkId,
          ...address(payload.from),
        })
      }
    }),
    // The on-ramp's checkout runs on the provider's page; its progress view opening is the buy.
    bus.on('view:change', ({ view }) => {
      if (view === 'OnrampProgress') record({ event: 'buy', at: at(), kind: 'checkout' })
    }),
    bus.on('siwe:signed-in', (payload) => {
      const session = (payload as { session?: { address?: string } } | undefined)?.session
      record({ event: 'sign_in', at: at(), ...address(session?.address) })
    }),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}
