/** Mails a login code: after an email start on a known device, and after a device approval. */
import { issueCode } from './codes.js'
import type { FrameContext } from './frameContext.js'

/**
 * @example
 * await sendLoginCode(ctx, { projectId, email, deviceId, appOrigin: parentOrigin })
 */
export async function sendLoginCode(
  ctx: FrameContext,
  to: { projectId: string; email: string; deviceId: string; appOrigin: string },
): Promise<void> {
  const { projectId, email, deviceId } = to
  const code = await issueCode(ctx.sql, ctx.hashCode, ctx.now(), {
    projectId,
    purpose: 'login',
    email,
    deviceId,
  })
  await ctx.mailer.send({ kind: 'login-code', to: email, code, appOrigin: to.appOrigin })
}
