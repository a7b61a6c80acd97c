/**
 * Device approval: the mailed link approves the new device (and mails its login code);
 * the frame on that device waits, in one long request, until it is approved.
 */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { readBody } from '../../api/parseInput.js'
import { deviceApproved, spendDeviceApproval } from '../deviceApprovals.js'
import { FrameServiceError } from '../errors.js'
import type { FrameContext } from '../frameContext.js'
import { messagePage, STATIC_PAGE_POLICY } from '../framePage.js'
import { sendLoginCode } from '../loginCode.js'
import * as schemas from '../schemas.js'
import { approveDevice } from '../users.js'

/** How often a waiting request looks for the approval. */
const DEVICE_WAIT_POLL_MS = 500

export function deviceRoutes(ctx: FrameContext): Hono {
  const { sql, now, closing } = ctx
  const routes = new Hono()

  routes.get('/v1/device/approve', async (c) => {
    c.header('Content-Security-Policy', STATIC_PAGE_POLICY)
    c.header('Referrer-Policy', 'no-referrer')
    const query = z.safeParse(schemas.approveQuery, c.req.query())
    const at = new Date(now()).toISOString()
    const approval = query.success ? await spendDeviceApproval(sql, query.data.token, at) : undefined
    if (!approval)
      return c.html(
        messagePage(
          'This link does not work',
          'It has expired or was already used. Log in again to get a new one.',
        ),
        400,
      )
    await approveDevice(sql, { userId: approval.user_id, deviceId: approval.device_id, approvedAt: at })
    try {
      await sendLoginCode(ctx, {
        projectId: approval.project_id,
        email: approval.email,
        deviceId: approval.device_id,
        appOrigin: approval.parent_origin,
      })
    } catch (error) {
      if (!(error instanceof FrameServiceError)) throw error
      return c.html(
        messagePage('The device is approved', 'The login code could not be mailed: log in again.'),
        503,
      )
    }
    return c.html(
      messagePage(
        'This device is approved',
        `Go back to the app (${approval.parent_origin}): your login code is on its way to ${approval.email}.`,
      ),
    )
  })

  routes.post('/v1/device/wait', async (c) => {
    const body = await readBody(c, schemas.deviceWaitBody, 'POST /v1/device/wait')
    ctx.projectOrigins(body.projectId)
    const email = schemas.normalizeEmail(body.email)
    const deadline = Date.now() + ctx.limits.deviceWaitMs
    const hangUp = c.req.raw.signal
    for (;;) {
      if (await deviceApproved(sql, now(), { projectId: body.projectId, email, deviceId: body.deviceId }))
        return c.json({ approved: true })
      const left = deadline - Date.now()
      if (left <= 0 || closing.aborted || hangUp.aborted) return c.json({ approved: false })
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          closing.removeEventListener('abort', done)
          resolve()
        }
        const timer = setTimeout(done, Math.min(DEVICE_WAIT_POLL_MS, left))
        closing.addEventListener('abort', done)
      })
    }
  })

  return routes
}
