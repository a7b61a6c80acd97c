import type { Bus, KernelEvents } from 'latchkit'
import type { AnalyticsEvent } from './analyticsEvent'

/** What the kernel's transaction summaries call an operation, as the funnel names it. */
const TRANSACTION_EVENTS: Record<string, AnalyticsEvent['event']> = { send: 'send', trade: 'swap' }

/**
 * Listens to the bus and hands `record` one {@link AnalyticsEvent} per thing worth
 * counting: the modal opened, a connection started, succeeded or failed (with its
 * connector as the method), the network changed, a send or swap went to the wallet, a
 * buy's checkout opened, the visitor signed in. Addresses only when `includeAddresses`.
 * One listener hears every event, so the returned function stops all of it at once (the
 * plugin stops early when analytics turns out to be off).
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
  const translate: Translators = {
    'modal:open': () => ({ event: 'modal_open', at: at() }),
    'connect:start': ({ connectorId, namespace }) => ({
      event: 'connect_start',
      at: at(),
      method: connectorId,
      namespace,
    }),
    'connect:success': (payload) => ({
      event: 'connect_success',
      at: at(),
      method: payload.connectorId,
      namespace: payload.namespace,
      ...address(payload.address),
    }),
    'connect:error': ({ connectorId, namespace, error }) => ({
      event: 'connect_error',
      at: at(),
      method: connectorId,
      namespace,
      kind: error.code,
    }),
    'network:changed': ({ namespace, caipNetworkId }) => ({
      event: 'network_switch',
      at: at(),
      namespace,
      network: caipNetworkId,
    }),
    'tx:sent': (payload) => {
      const event = TRANSACTION_EVENTS[payload.summary?.operation ?? '']
      return (
        event && {
          event,
          at: at(),
          namespace: payload.namespace,
          network: payload.caipNetworkId,
          ...address(payload.from),
        }
      )
    },
    // The on-ramp's checkout runs on the provider's page; its progress view opening is the buy.
    'view:change': ({ view }) =>
      view === 'OnrampProgress' ? { event: 'buy', at: at(), kind: 'checkout' } : undefined,
    'siwe:signed-in': (payload) => {
      const session = (payload as { session?: { address?: string } } | undefined)?.session
      return { event: 'sign_in', at: at(), ...address(session?.address) }
    },
  }
  return bus.onAny((type, payload) => {
    const event = translate[type]?.(payload as never)
    if (event) record(event)
  })
}

/** One translator per event counted: the event it records, or nothing. */
type Translators = {
  [K in keyof KernelEvents]?: (payload: KernelEvents[K]) => AnalyticsEvent | undefined
} & {
  [type: string]: ((payload: never) => AnalyticsEvent | undefined) | undefined
}
