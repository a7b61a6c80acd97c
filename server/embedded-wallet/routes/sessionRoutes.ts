/** The session: what it is (user, wallet, addresses), and ending it. */
import { Hono } from 'hono'
import { FrameServiceError } from '../errors.js'
import type { FrameContext } from '../frameContext.js'
import { revokeSession } from '../sessions.js'
import { walletAddresses, walletState } from '../wallets.js'

export function sessionRoutes(ctx: FrameContext): Hono {
  const { sql, now, liveSession } = ctx
  const routes = new Hono()

  routes.get('/v1/session', liveSession, async (c) => {
    const { session } = c.var
    const addresses = await walletAddresses(sql, session.userId)
    return c.json({
      user: { id: session.userId, email: session.email },
      wallet: await walletState(sql, session.userId, session.deviceId),
      addresses: addresses ?? {},
    })
  })

  routes.post('/v1/session/revoke', liveSession, async (c) => {
    if (!(await revokeSession(sql, now(), c.var.sessionToken))) throw new FrameServiceError('NO_SESSION')
    return c.json({})
  })

  return routes
}
