/**
 * Who may read the connect funnel (`GET /v1/analytics/funnel`, the page `GET /analytics`):
 * anyone ('open', for a local or proxied set-up), no one ('closed', what the command line
 * does without a token), or whoever presents the token, as the password of HTTP Basic
 * auth (so a browser asks for it on the page) or as a Bearer token (for scripts).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { HttpFailure } from '../api/httpErrors.js'

export type FunnelAccess = 'open' | 'closed' | { token: string }

/** The realm a browser names when it asks for the token. */
const REALM = 'Latchkit analytics'

/** Shortest token accepted: guessing must stay out of reach. */
export const MIN_FUNNEL_TOKEN_LENGTH = 16

/**
 * Throws unless `access` lets this request read the funnel: a 401 with a Basic challenge
 * when a token is wanted and missing or wrong, a 403 when reading is closed.
 *
 * @example
 * requireFunnelAccess(c, { token: process.env.LATCHKIT_ANALYTICS_TOKEN })
 */
export function requireFunnelAccess(c: Context, access: FunnelAccess): void {
  if (access === 'open') return
  if (access === 'closed') {
    throw new HttpFailure(
      403,
      'the funnel is not served: start the server with LATCHKIT_ANALYTICS_TOKEN set to read it',
      'FUNNEL_CLOSED',
    )
  }
  const presented = presentedToken(c.req.header('authorization'))
  if (presented !== undefined && sameSecret(presented, access.token)) return
  c.header('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`)
  throw new HttpFailure(
    401,
    presented === undefined ? 'the funnel needs the analytics token' : 'the analytics token is wrong',
    'FUNNEL_TOKEN_REQUIRED',
  )
}

/** The token in `Bearer <token>`, or the password of `Basic base64(user:password)`. */
function presentedToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const [scheme, value] = header.trim().split(/\s+/, 2)
  if (!scheme || !value) return undefined
  if (scheme.toLowerCase() === 'bearer') return value
  if (scheme.toLowerCase() !== 'basic') return undefined
  const decoded = Buffer.from(value, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon === -1 ? undefined : decoded.slice(colon + 1)
}

/** Compares digests, so neither the time taken nor a length mismatch tells how close a guess was. */
function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(a), digest(b))
}
