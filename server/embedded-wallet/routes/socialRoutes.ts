/**
 * Social login. start: the authorization URL, its state stored hashed and bound to the
 * project, device and app origin. callback: the provider's redirect; the state is used up
 * by one UPDATE before anything else, so a replayed or forged callback changes nothing.
 * finish: the frame trades the one-time result for a session, as email verify.
 */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { readBody } from '../../api/parseInput.js'
import { FrameServiceError } from '../errors.js'
import type { FrameContext } from '../frameContext.js'
import { messagePage, STATIC_PAGE_POLICY } from '../framePage.js'
import { userForIdentity } from '../identities.js'
import { logInOnDevice } from '../logInOnDevice.js'
import * as schemas from '../schemas.js'
import { newToken } from '../secrets.js'
import {
  authorizationUrl,
  exchangeCode,
  newState,
  resultPage,
  SocialLoginFailed,
  type SocialProvider,
} from '../social.js'
import { finishSocialFlow, recordSocialResult, storeSocialFlow, takeSocialCallback } from '../socialFlows.js'

export function socialRoutes(ctx: FrameContext): Hono {
  const { sql, now, deriveFlow, socialProviders } = ctx
  const routes = new Hono()

  const socialProvider = (name: string) => {
    const provider = socialProviders.get(name as SocialProvider)
    if (!provider) throw new FrameServiceError('SOCIAL_NOT_CONFIGURED')
    return provider
  }

  routes.post('/v1/social/start', async (c) => {
    const body = await readBody(c, schemas.socialStartBody, 'POST /v1/social/start')
    ctx.requireAllowedOrigin(body.projectId, body.parentOrigin)
    const provider = socialProvider(body.provider)
    // With a session, the new identity is linked to its user (who chose to link); an
    // identity is never joined to a user for having the same email. The session is checked
    // here, not by middleware: without one the start is a login.
    let linkUserId: string | null = null
    if (c.req.header('authorization') !== undefined) {
      const { session } = await ctx.requireSession(c, { fresh: true })
      if (session.projectId !== body.projectId) throw new FrameServiceError('NO_SESSION')
      // The flow is bound to the device the body names: the session's own.
      if (session.deviceId !== body.deviceId) throw new FrameServiceError('DEVICE_MISMATCH')
      linkUserId = session.userId
    }
    await ctx.countCaller(c, 'social-ip')
    const state = newState()
    const redirectUri = `${ctx.linkBase(c)}/v1/social/callback`
    let url: URL
    try {
      url = await authorizationUrl(provider, redirectUri, state, deriveFlow(state))
    } catch {
      throw new FrameServiceError('PROVIDER_UNAVAILABLE')
    }
    await storeSocialFlow(sql, now(), {
      state,
      projectId: body.projectId,
      provider: provider.name,
      deviceId: body.deviceId,
      parentOrigin: body.parentOrigin,
      redirectUri,
      linkUserId,
    })
    return c.json({ url: url.href })
  })

  routes.get('/v1/social/callback', async (c) => {
    c.header('Referrer-Policy', 'no-referrer')
    const refuse = (status: 400 | 502, title: string, text: string) => {
      c.header('Content-Security-Policy', STATIC_PAGE_POLICY)
      return c.html(messagePage(title, text), status)
    }
    const query = z.safeParse(schemas.socialCallbackQuery, c.req.query())
    if (!query.success)
      return refuse(400, 'This login link does not work', 'Start the login again from the app.')
    const flow = await takeSocialCallback(sql, query.data.state, new Date(now()).toISOString())
    if (!flow)
      return refuse(
        400,
        'This login link does not work',
        'It has expired or was already used. Start the login again from the app.',
      )
    const answer = (status: 200 | 400 | 409 | 502, message: Record<string, unknown>, text: string) => {
      const page = resultPage(
        flow.parent_origin,
        { type: 'latchkit:social', provider: flow.provider, ...message },
        text,
      )
      c.header('Content-Security-Policy', page.policy)
      return c.html(page.html, status)
    }
    const provider = socialProviders.get(flow.provider as SocialProvider)
    if (!provider || query.data.code === undefined || query.data.error !== undefined)
      return answer(400, { error: 'SOCIAL_LOGIN_FAILED' }, 'The login was not completed. Go back to the app.')
    // The URL the provider redirected to, on the redirect URI the flow was started with.
    const callbackUrl = new URL(flow.redirect_uri)
    callbackUrl.search = new URL(c.req.url).search
    let userId: string
    try {
      const profile = await exchangeCode(
        provider,
        callbackUrl,
        query.data.state,
        deriveFlow(query.data.state),
      )
      userId = await userForIdentity(sql, now(), flow, provider.issuer, profile)
    } catch (error) {
      if (error instanceof SocialLoginFailed)
        return answer(
          400,
          { error: 'SOCIAL_LOGIN_FAILED' },
          'The login was not completed. Go back to the app.',
        )
      if (error instanceof FrameServiceError && error.code === 'IDENTITY_TAKEN')
        return answer(409, { error: error.code }, error.message)
      if (error instanceof FrameServiceError && error.code === 'PROVIDER_UNAVAILABLE')
        return answer(502, { error: error.code }, error.message)
      throw error
    }
    const result = newToken()
    await recordSocialResult(sql, now(), { state: query.data.state, userId, result })
    return answer(200, { result }, 'You are logged in. Go back to the app.')
  })

  routes.post('/v1/social/finish', async (c) => {
    const body = await readBody(c, schemas.socialFinishBody, 'POST /v1/social/finish')
    const at = new Date(now()).toISOString()
    const flow = await finishSocialFlow(sql, {
      result: body.result,
      projectId: body.projectId,
      deviceId: body.deviceId,
      at,
    })
    if (!flow) throw new FrameServiceError('SOCIAL_RESULT_INVALID')
    // The origin may have been taken off the project since the flow started.
    ctx.requireAllowedOrigin(body.projectId, flow.parent_origin)
    const login = await logInOnDevice(sql, now, {
      userId: flow.user_id,
      projectId: body.projectId,
      deviceId: body.deviceId,
      parentOrigin: flow.parent_origin,
      approvedAt: at,
    })
    return c.json({
      ...login,
      provider: flow.provider,
      parentOrigin: flow.parent_origin,
    })
  })

  return routes
}
