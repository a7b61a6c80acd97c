/**
 * latchkit/plugins/analytics: the connect funnel, counted without a vendor. Events go
 * only to the endpoint you configure, only when the project allows analytics.
 *
 * @example
 * import { analytics } from 'latchkit/plugins/analytics'
 * createKernel({ networks, plugins: [analytics({ endpoint: 'https://api.example/v1/analytics/events' })], projectId })
 */
export { analytics } from './analytics'
export type { AnalyticsEvent, AnalyticsEventName } from './analyticsEvent'
export { MAX_BATCH, type SendBatch } from './beaconQueue'
export { ANALYTICS_PLUGIN_ID } from './ids'
export type { AnalyticsOptions } from './options'
