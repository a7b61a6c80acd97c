/**
 * What one analytics event holds: its name, when, and only what a connect funnel needs.
 * No address unless the integrator opted in, never an email, a balance or an amount.
 */

/** The events the plugin records, as the collector names them. */
export type AnalyticsEventName =
  | 'modal_open'
  | 'connect_start'
  | 'connect_success'
  | 'connect_error'
  | 'network_switch'
  | 'send'
  | 'swap'
  | 'buy'
  | 'sign_in'

export interface AnalyticsEvent {
  event: AnalyticsEventName
  /** When it happened, ms since the epoch. */
  at: number
  /** How the visitor connected: the connector id (e.g. `io.metamask`). */
  method?: string
  namespace?: string
  /** The CAIP-2 network, e.g. `eip155:1`. */
  network?: string
  /** The operation of a transaction or the step of a buy. */
  kind?: string
  /** Only with `includeAddresses: true`. */
  address?: string
}
