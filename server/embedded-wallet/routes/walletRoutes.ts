/**
 * The wallet's shares. A live session of this device, from an allowed origin, is enough
 * for its own auth share: that is how a reload reconnects without a new code (the device
 * share never leaves the device). What can rebuild the key elsewhere (recovery, a new
 * device's share, the first wallet) needs a login within the last ten minutes.
 */
import { Hono } from 'hono'
import { readBody } from '../../api/parseInput.js'
import type { FrameContext } from '../frameContext.js'
import * as schemas from '../schemas.js'
import { createWallet, readAuthShare, readRecovery, storeAuthShare } from '../wallets.js'

export function walletRoutes(ctx: FrameContext): Hono {
  const { sql, now, cipher, liveSession, freshSession } = ctx
  const routes = new Hono()

  routes.post('/v1/wallet', freshSession, async (c) => {
    const { session } = c.var
    const body = await readBody(c, schemas.createWalletBody, 'POST /v1/wallet')
    await createWallet(sql, cipher, now(), {
      userId: session.userId,
      deviceId: session.deviceId,
      authShare: body.authShare,
      encryptedShare: body.recovery.encryptedShare,
      kdf: body.recovery.kdf,
      serverRecoveryShare: body.serverRecoveryShare,
      addresses: body.addresses,
    })
    return c.json({})
  })

  routes.post('/v1/wallet/auth-share', liveSession, async (c) => {
    const { session } = c.var
    return c.json({ authShare: await readAuthShare(sql, cipher, session.userId, session.deviceId) })
  })

  routes.post('/v1/wallet/recovery', freshSession, async (c) =>
    c.json(await readRecovery(sql, cipher, c.var.session.userId)),
  )

  routes.post('/v1/wallet/device', freshSession, async (c) => {
    const { session } = c.var
    const body = await readBody(c, schemas.deviceShareBody, 'POST /v1/wallet/device')
    await storeAuthShare(sql, cipher, now(), {
      userId: session.userId,
      deviceId: session.deviceId,
      authShare: body.authShare,
    })
    return c.json({})
  })

  return routes
}
