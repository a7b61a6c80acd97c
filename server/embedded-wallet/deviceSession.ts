/**
 * The one check every route that acts on a session passes. A session is bound to the
 * project, the page origin and the device it was made for, so a call that carries its token
 * must also name that device, in the {@link DEVICE_ID_HEADER} header (the frame sends it on
 * every call): a token that leaked alone opens nothing, and a token sent without the device,
 * or with another device, is refused the same way on every route.
 */
import type { Context } from 'hono'
import * as z from 'zod/mini'
import type { SqlClient } from '../db/sqlClient.js'
import { FrameServiceError } from './errors.js'
import { deviceId as deviceIdSchema } from './schemas.js'
import { bearerToken, FRESH_SESSION_SECONDS, findSession, type Session } from './sessions.js'

/** The header a session call names its device in: the `deviceId` the session was made for. */
export const DEVICE_ID_HEADER = 'Latchkit-Device-Id'

export type DeviceSession = { session: Session; token: string }

export type DeviceSessionCheck = (c: Context, need?: { fresh?: boolean }) => Promise<DeviceSession>

/**
 * Makes the check: the request's live session, still allowed for its origin, on the device
 * the request names; fresh (a login within {@link FRESH_SESSION_SECONDS}) when `need.fresh`.
 * Refusals: no token, or one that is unknown, expired, revoked or for an origin the project
 * no longer allows: `NO_SESSION` (401); no or a malformed device id: `DEVICE_ID_REQUIRED`
 * (400); another device's: `DEVICE_MISMATCH` (403); a stale session where a fresh one is
 * needed: `SESSION_NOT_FRESH` (401).
 *
 * @example
 * const requireSession = deviceSessionCheck({ sql, now, originAllowed })
 * app.get('/v1/session', async (c) => {
 *   const { session } = await requireSession(c)
 *   return c.json({ user: session.userId })
 * })
 */
export function deviceSessionCheck(options: {
  sql: SqlClient
  now: () => number
  /** Whether the project still allows the page origin the session was made for. */
  originAllowed: (projectId: string, origin: string) => boolean
}): DeviceSessionCheck {
  const { sql, now, originAllowed } = options
  return async (c, need = {}) => {
    const token = bearerToken(c.req.header('authorization'))
    const session = token ? await findSession(sql, now(), token) : undefined
    if (!token || !session || !originAllowed(session.projectId, session.parentOrigin))
      throw new FrameServiceError('NO_SESSION')
    const named = c.req.header(DEVICE_ID_HEADER)
    if (named === undefined || !z.safeParse(deviceIdSchema, named).success)
      throw new FrameServiceError('DEVICE_ID_REQUIRED')
    if (named !== session.deviceId) throw new FrameServiceError('DEVICE_MISMATCH')
    if (need.fresh && now() - session.verifiedAt > FRESH_SESSION_SECONDS * 1000)
      throw new FrameServiceError('SESSION_NOT_FRESH')
    return { session, token }
  }
}
