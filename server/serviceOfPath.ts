/**
 * Which service of `latchkit-server` a request path belongs to: the `service` label of
 * its log line and counters. A label, never the path itself, so the counters stay few
 * however many addresses the paths name.
 */

/**
 * @example serviceOfPath('/siwe/nonce') // 'siwe'
 * @example serviceOfPath('/v1/account/0xf39F…/balance') // 'api'
 */
export function serviceOfPath(path: string): string {
  if (path.startsWith('/siwe/')) return 'siwe'
  if (path.startsWith('/v1/analytics/') || path === '/analytics') return 'analytics'
  if (path.startsWith('/v1/profile/') || path.startsWith('/v1/identity/')) return 'names'
  return 'api'
}
