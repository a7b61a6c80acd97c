/**
 * The session checks as middleware: a route that acts on a session names the one it needs
 * (`liveSession` or `freshSession`) before its handler, and reads `c.var.session` and
 * `c.var.sessionToken`; the refusals are those of {@link deviceSessionCheck}.
 */
import { createMiddleware } from 'hono/factory'
import type { DeviceSessionCheck } from './deviceSession.js'
import type { Session } from './sessions.js'

/** What a session middleware sets on the request context. */
export type SessionEnv = { Variables: { session: Session; sessionToken: string } }

/**
 * @example
 * const { liveSession, freshSession } = sessionMiddleware(deviceSessionCheck({ sql, now, originAllowed }))
 * routes.post('/v1/wallet/recovery', freshSession, async (c) => c.json(await read(c.var.session)))
 */
export function sessionMiddleware(check: DeviceSessionCheck) {
  const needing = (need: { fresh?: boolean }) =>
    createMiddleware<SessionEnv>(async (c, next) => {
      const { session, token } = await check(c, need)
      c.set('session', session)
      c.set('sessionToken', token)
      await next()
    })
  return {
    /** A live session of the device the request names. */
    liveSession: needing({}),
    /** As `liveSession`, and logged in within the last ten minutes. */
    freshSession: needing({ fresh: true }),
  }
}
