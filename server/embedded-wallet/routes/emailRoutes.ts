/**
 * Email login: start mails a code (or, for a known user on a new device, a link that
 * approves the device first); verify trades the code for a session.
 */
import { Hono } from 'hono'
import { readBody } from '../../api/parseInput.js'
import { verifyCode } from '../codes.js'
import { createDeviceApproval } from '../deviceApprovals.js'
import type { FrameContext } from '../frameContext.js'
import { purgeExpired } from '../housekeeping.js'
import { sendLoginCode } from '../loginCode.js'
import * as schemas from '../schemas.js'
import { createSession } from '../sessions.js'
import { approveDevice, emailUser, findEmailUser } from '../users.js'
import { walletState } from '../wallets.js'

/** How often an instance deletes what expired a day ago, at most. */
const PURGE_INTERVAL_MS = 60_000

export function emailRoutes(ctx: FrameContext): Hono {
  const { sql, now } = ctx
  const routes = new Hono()
  /** When this instance last deleted what expired a day ago. */
  let lastPurge = 0

  routes.post('/v1/email/start', async (c) => {
    const body = await readBody(c, schemas.emailStartBody, 'POST /v1/email/start')
    const email = schemas.normalizeEmail(body.email)
    ctx.requireAllowedOrigin(body.projectId, body.parentOrigin)
    await ctx.countMail(c, body.projectId, email)
    if (now() - lastPurge > PURGE_INTERVAL_MS) {
      lastPurge = now()
      await purgeExpired(sql, lastPurge)
    }
    const user = await findEmailUser(sql, { projectId: body.projectId, email, deviceId: body.deviceId })
    if (user && !user.known) {
      const token = await createDeviceApproval(sql, now(), {
        projectId: body.projectId,
        userId: user.id,
        email,
        deviceId: body.deviceId,
        parentOrigin: body.parentOrigin,
      })
      const link = `${ctx.linkBase(c)}/v1/device/approve?token=${token}`
      await ctx.mailer.send({ kind: 'device-link', to: email, link, appOrigin: body.parentOrigin })
      return c.json({ action: 'VERIFY_DEVICE' as const })
    }
    await sendLoginCode(ctx, {
      projectId: body.projectId,
      email,
      deviceId: body.deviceId,
      appOrigin: body.parentOrigin,
    })
    return c.json({ action: 'VERIFY_OTP' as const })
  })

  routes.post('/v1/email/verify', async (c) => {
    const body = await readBody(c, schemas.emailVerifyBody, 'POST /v1/email/verify')
    const email = schemas.normalizeEmail(body.email)
    ctx.requireAllowedOrigin(body.projectId, body.parentOrigin)
    const target = { projectId: body.projectId, purpose: 'login' as const, email, deviceId: body.deviceId }
    await verifyCode(sql, ctx.hashCode, now(), target, body.otp)
    const at = new Date(now()).toISOString()
    const userId = await emailUser(sql, { projectId: body.projectId, email, createdAt: at })
    await approveDevice(sql, { userId, deviceId: body.deviceId, approvedAt: at })
    const sessionToken = await createSession(sql, now(), {
      userId,
      projectId: body.projectId,
      deviceId: body.deviceId,
      parentOrigin: body.parentOrigin,
    })
    return c.json({
      sessionToken,
      user: { id: userId, email },
      wallet: await walletState(sql, userId, body.deviceId),
    })
  })

  return routes
}
