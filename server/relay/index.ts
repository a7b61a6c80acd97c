/**
 * The WalletConnect relay (see docs/server.md): served by `latchkit-server --relay`, on a
 * port of its own with `startRelay`, or attached to an integrator's own HTTP server.
 *
 * @example
 * import { startRelay } from './server/relay/index.js'
 * const { url, stop } = await startRelay({ port: 8790, database: { url: process.env.DATABASE_URL } })
 */
export {
  type CreateRelayServiceOptions,
  createRelayService,
  type RelayService,
  subscriptionId,
} from './createRelayService.js'
export { createMailbox, type Mailbox, type MailboxMessage, openRelayDatabase } from './mailbox.js'
export { RELAY_CHANNEL } from './publishNotices.js'
export {
  normalizeAudience,
  publicKeyOfDidKey,
  RelayAuthError,
  type RelayAuthFault,
  type RelayClaims,
  verifyRelayJwt,
} from './relayAuth.js'
export { DEFAULT_RELAY_LIMITS, type RelayLimits, rpcErrors } from './relayRequests.js'
export { type StartedRelay, type StartRelayOptions, startRelay } from './startRelay.js'
