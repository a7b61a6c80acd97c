/**
 * Social login over real HTTP: the frame service against the devstack's local providers
 * (oidc-provider), from start through the provider's login page and the callback page to
 * a session that creates a wallet; google by OpenID Connect, github by plain OAuth 2.0,
 * then the other four the same way.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSocialProviders, startSocialProviders } from '../../devstack/oauth/index.js'
import { APP_ORIGIN, movableClock, newDeviceId, startServiceStack, walletBody } from './serviceHelpers.js'
import { loginAtProvider, openCallback, socialLogin } from './socialHelpers.js'

const clock = movableClock()
let stack: Awaited<ReturnType<typeof startServiceStack>>
let providers: StartedSocialProviders
let pglite: PGlite

beforeAll(async () => {
  providers = await startSocialProviders()
  pglite = new PGlite()
  stack = await startServiceStack({ database: pglite, now: clock.now, social: providers.social })
})

afterAll(async () => {
  await stack?.stop()
  await pglite?.close()
  await providers?.stop()
})

describe('social login', () => {
  it('google (OpenID Connect): start, the login page, the callback page, finish, a session that creates a wallet', async () => {
    const deviceId = newDeviceId()
    const callback = await loginAtProvider(stack.api, { provider: 'google', deviceId, userId: 'alice' })
    expect(callback.searchParams.get('code')).toBeTruthy()
    const page = await openCallback(callback)
    expect(page.status).toBe(200)
    expect(page.posted?.targetOrigin).toBe(APP_ORIGIN)
    expect(page.posted?.message).toMatchObject({ type: 'latchkit:social', provider: 'google' })
    const login = await stack.api.post<{ sessionToken: string; user: { id: string }; wallet: string }>(
      '/v1/social/finish',
      { projectId: 'demo-project', deviceId, result: page.posted?.message.result },
    )
    expect(login.status).toBe(200)
    expect(login.body.wallet).toBe('none')
    const created = await stack.api.post('/v1/wallet', walletBody(), login.body.sessionToken)
    expect(created.status).toBe(200)
    const session = await stack.api.get('/v1/session', login.body.sessionToken)
    expect(session).toMatchObject({
      status: 200,
      body: { user: { id: login.body.user.id }, wallet: 'this-device' },
    })
  })

  it('github (plain OAuth 2.0, userinfo): the same path to a wallet', async () => {
    const deviceId = newDeviceId()
    const login = await socialLogin(stack.api, { provider: 'github', deviceId, userId: 'bob' })
    expect(login.wallet).toBe('none')
    expect((await stack.api.post('/v1/wallet', walletBody(), login.sessionToken)).status).toBe(200)
  })
})
