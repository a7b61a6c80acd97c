/**
 * Changing the login email, in three steps: start mails a code to the current address;
 * primary takes that code and mails one to the new address; secondary takes the second
 * code and makes the change. Each step reads its body before the session, so a malformed
 * request is a 400 whatever its session.
 */
import { Hono } from 'hono'
import { type CodePurpose, issueCode, secondaryCodeEmail, verifyCode } from '../codes.js'
import { FrameServiceError } from '../errors.js'
import type { FrameContext } from '../frameContext.js'
import { jsonBody } from '../jsonBody.js'
import * as schemas from '../schemas.js'
import type { Session } from '../sessions.js'
import { changeLoginEmail, emailInUse } from '../users.js'

/** The session user's login email; a social-only user has none to update. */
const loginEmail = (session: Session): string => {
  if (session.email === null) throw new FrameServiceError('NO_LOGIN_EMAIL')
  return session.email
}

export function emailUpdateRoutes(ctx: FrameContext): Hono {
  const { sql, now, hashCode, mailer, liveSession } = ctx
  const routes = new Hono()

  /** A code of the session's user on its device: `purpose` and the address it goes to. */
  const sessionCode = (session: Session, purpose: CodePurpose, email: string) => ({
    projectId: session.projectId,
    purpose,
    email,
    deviceId: session.deviceId,
  })

  routes.post(
    '/v1/email/update/start',
    jsonBody(schemas.updateStartBody, 'POST /v1/email/update/start'),
    liveSession,
    async (c) => {
      const { body, session } = c.var
      const currentEmail = loginEmail(session)
      const newEmail = schemas.normalizeEmail(body.email)
      if (newEmail === currentEmail) throw new FrameServiceError('EMAIL_UNCHANGED')
      if (await emailInUse(sql, session.projectId, newEmail)) throw new FrameServiceError('EMAIL_TAKEN')
      await ctx.countMail(c, session.projectId, currentEmail)
      const code = await issueCode(sql, hashCode, now(), {
        ...sessionCode(session, 'update-primary', currentEmail),
        userId: session.userId,
        newEmail,
      })
      await mailer.send({
        kind: 'update-current',
        to: currentEmail,
        code,
        appOrigin: session.parentOrigin,
        newEmail,
      })
      return c.json({ action: 'VERIFY_PRIMARY_OTP' as const })
    },
  )

  routes.post(
    '/v1/email/update/primary',
    jsonBody(schemas.updateOtpBody, 'POST /v1/email/update/primary'),
    liveSession,
    async (c) => {
      const { body, session } = c.var
      const { newEmail } = await verifyCode(
        sql,
        hashCode,
        now(),
        sessionCode(session, 'update-primary', loginEmail(session)),
        body.otp,
      )
      if (!newEmail) throw new FrameServiceError('OTP_NOT_FOUND')
      await ctx.countMail(c, session.projectId, newEmail)
      const code = await issueCode(sql, hashCode, now(), {
        ...sessionCode(session, 'update-secondary', newEmail),
        userId: session.userId,
      })
      await mailer.send({ kind: 'update-new', to: newEmail, code, appOrigin: session.parentOrigin })
      return c.json({ action: 'VERIFY_SECONDARY_OTP' as const })
    },
  )

  routes.post(
    '/v1/email/update/secondary',
    jsonBody(schemas.updateOtpBody, 'POST /v1/email/update/secondary'),
    liveSession,
    async (c) => {
      const { body, session } = c.var
      const newEmail = await secondaryCodeEmail(sql, session)
      if (!newEmail) throw new FrameServiceError('OTP_NOT_FOUND')
      await verifyCode(sql, hashCode, now(), sessionCode(session, 'update-secondary', newEmail), body.otp)
      await changeLoginEmail(sql, session.userId, newEmail)
      return c.json({ email: newEmail })
    },
  )

  return routes
}
