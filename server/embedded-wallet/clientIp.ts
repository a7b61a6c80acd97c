/**
 * Whose IP a request counts against for the per-IP limit. Directly on the internet, the
 * connection's remote address. Behind a proxy or load balancer every connection comes from
 * the proxy, so the limit would count all visitors as one: read the address the proxy
 * wrote in a header instead, its last entry (the one the nearest proxy appended; earlier
 * entries are whatever the client sent and prove nothing).
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The connection's remote address (Node's HTTP server). */
export function connectionIp(c: Context): string | undefined {
  return getConnInfo(c).remote.address
}

/**
 * The last address in `header` (e.g. `X-Forwarded-For`, `X-Real-IP`), else the connection's.
 * Only use it when every request reaches the service through a proxy that sets the header.
 *
 * @example
 * createFrameService({ ..., clientIp: clientIpFromHeader('x-forwarded-for') })
 */
export function clientIpFromHeader(header: string): (c: Context) => string | undefined {
  return (c) => {
    const value = c.req.header(header)
    const last = value
      ?.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .at(-1)
    return last && last.length <= 64 ? last : connectionIp(c)
  }
}
