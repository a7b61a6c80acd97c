/**
 * Social login over real HTTP: the frame service against the devstack's local providers
 * (oidc-provider), from start through the provider's login page and the callback page to
 * a session that creates a wallet; google by OpenID Connect, github by plain OAuth 2.0,
 * then the other four the same way; identities (no merge by email, linking by choice);
 * and the attacks that must change nothing: a forged state, a replayed callback or code,
 * ID tokens for another audience, with a wrong nonce, issuer or expiry or a forged
 * signature, an origin the project does not allow, a provider not offered.
 */
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ClaimsChange,
  OTHER_CLIENT,
  type StartedSocialProviders,
  startSocialProviders,
} from '../../../devstack/oauth/index.js'
import { startFrameService } from '../../../server/embedded-wallet/index.js'
import {
  APP_ORIGIN,
  client,
  logIn,
  movableClock,
  newDeviceId,
  newEmail,
  PROJECT,
  rowCount,
  type SessionAuth,
  serviceOptions,
  startServiceStack,
  walletBody,
} from './serviceHelpers.js'
import {
  type CallbackPage,
  loginAtProvider,
  openCallback,
  socialLogin,
  startSocial,
} from './socialHelpers.js'

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
      { projectId: PROJECT, deviceId, result: page.posted?.message.result },
    )
    expect(login.status).toBe(200)
    expect(login.body.wallet).toBe('none')
    const auth = { token: login.body.sessionToken, deviceId }
    const created = await stack.api.post('/v1/wallet', walletBody(), auth)
    expect(created.status).toBe(200)
    const session = await stack.api.get('/v1/session', auth)
    expect(session).toMatchObject({
      status: 200,
      body: { user: { id: login.body.user.id }, wallet: 'this-device' },
    })
  })

  it('github (plain OAuth 2.0, userinfo): the same path to a wallet', async () => {
    const deviceId = newDeviceId()
    const login = await socialLogin(stack.api, { provider: 'github', deviceId, userId: 'bob' })
    expect(login.wallet).toBe('none')
    expect((await stack.api.post('/v1/wallet', walletBody(), login.auth)).status).toBe(200)
  })
})

describe('the other providers', () => {
  for (const provider of ['apple', 'x', 'discord', 'facebook'] as const)
    it(`${provider}: the same path to a session that creates a wallet`, async () => {
      const deviceId = newDeviceId()
      const login = await socialLogin(stack.api, { provider, deviceId, userId: 'carol' })
      expect(login).toMatchObject({ wallet: 'none', provider })
      expect((await stack.api.post('/v1/wallet', walletBody(), login.auth)).status).toBe(200)
      // The same person again on the same provider is the same user.
      const again = await socialLogin(stack.api, { provider, deviceId, userId: 'carol' })
      expect(again.user.id).toBe(login.user.id)
      expect(again.wallet).toBe('this-device')
    })
})

describe('users and identities', () => {
  it('an email login and a google login with the same email are two users', async () => {
    const byGoogle = await socialLogin(stack.api, {
      provider: 'google',
      deviceId: newDeviceId(),
      userId: 'bob',
    })
    const byEmail = await logIn(stack.api, stack.mailbox, 'bob@example.com', newDeviceId())
    expect(byEmail.user.id).not.toBe(byGoogle.user.id)
    expect(byGoogle.user.email).toBeNull()
  })

  it('a person who is logged in links a social account by choice, and then logs in with either', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const byEmail = await logIn(stack.api, stack.mailbox, email, deviceId)
    const linked = await socialLogin(stack.api, {
      provider: 'discord',
      deviceId,
      userId: 'alice',
      token: byEmail.sessionToken,
    })
    expect(linked.user).toEqual({ id: byEmail.user.id, email })
    const later = await socialLogin(stack.api, {
      provider: 'discord',
      deviceId: newDeviceId(),
      userId: 'alice',
    })
    expect(later.user.id).toBe(byEmail.user.id)
    // Another user cannot link the same account: it stays with the first.
    const other = await logIn(stack.api, stack.mailbox, newEmail(), deviceId)
    const page = await openCallback(
      await loginAtProvider(stack.api, {
        provider: 'discord',
        deviceId,
        userId: 'alice',
        token: other.sessionToken,
      }),
    )
    expect(page.status).toBe(409)
    expect(page.posted?.message).toMatchObject({ error: 'IDENTITY_TAKEN' })
    expect(page.posted?.message.result).toBeUndefined()
    const still = await socialLogin(stack.api, {
      provider: 'discord',
      deviceId: newDeviceId(),
      userId: 'alice',
    })
    expect(still.user.id).toBe(byEmail.user.id)
  })

  it('links only from the device the session was made on, named in the header and in the body', async () => {
    const deviceId = newDeviceId()
    const { auth } = await logIn(stack.api, stack.mailbox, newEmail(), deviceId)
    const other = newDeviceId()
    const link = (bodyDevice: string, as: SessionAuth | string) =>
      stack.api.post(
        '/v1/social/start',
        { projectId: PROJECT, provider: 'discord', deviceId: bodyDevice, parentOrigin: APP_ORIGIN },
        as,
      )
    const flows = () => rowCount(pglite, 'ew_social_flows')
    const before = await flows()
    expect(await link(deviceId, auth.token)).toMatchObject({
      status: 400,
      body: { code: 'DEVICE_ID_REQUIRED' },
    })
    expect(await link(other, { token: auth.token, deviceId: other })).toMatchObject({
      status: 403,
      body: { code: 'DEVICE_MISMATCH' },
    })
    expect(await link(other, auth)).toMatchObject({ status: 403, body: { code: 'DEVICE_MISMATCH' } })
    expect(await flows()).toBe(before)
    expect(await link(deviceId, auth)).toMatchObject({ status: 200 })
  })

  it('a social-only user has no login email to update', async () => {
    const login = await socialLogin(stack.api, {
      provider: 'github',
      deviceId: newDeviceId(),
      userId: 'carol',
    })
    const update = await stack.api.post('/v1/email/update/start', { email: newEmail() }, login.auth)
    expect(update).toMatchObject({ status: 400, body: { code: 'NO_LOGIN_EMAIL' } })
  })
})

/** What a refused attack must leave as it was. */
async function counts() {
  const one = (table: string) => rowCount(pglite, table)
  return {
    users: await one('ew_users'),
    identities: await one('ew_identities'),
    sessions: await one('ew_sessions'),
    results: await one('ew_social_flows WHERE result_hash IS NOT NULL'),
  }
}

/** Expects the callback page to refuse, posting an error (not a result) to the app origin. */
function expectFailedPage(page: CallbackPage, error = 'SOCIAL_LOGIN_FAILED') {
  expect(page.status).toBe(400)
  expect(page.posted?.targetOrigin).toBe(APP_ORIGIN)
  expect(page.posted?.message).toMatchObject({ error })
  expect(page.posted?.message.result).toBeUndefined()
}

describe('attacks that change nothing', () => {
  it('a callback with a forged state: refused, nothing posted, nothing stored', async () => {
    const before = await counts()
    const forged = `${stack.api.url}/v1/social/callback?state=${randomBytes(32).toString('base64url')}&code=anything`
    const page = await openCallback(forged)
    expect(page.status).toBe(400)
    expect(page.posted).toBeUndefined()
    expect(page.policy).toContain("default-src 'none'")
    expect(await counts()).toEqual(before)
  })

  it('a replayed callback, and its code under a new state: refused; the result is single use', async () => {
    const deviceId = newDeviceId()
    const callback = await loginAtProvider(stack.api, { provider: 'google', deviceId, userId: 'carol' })
    const first = await openCallback(callback)
    expect(first.status).toBe(200)
    const before = await counts()
    const replayed = await openCallback(callback)
    expect(replayed.status).toBe(400)
    expect(replayed.posted).toBeUndefined()
    // The code with the state of a new flow of the same device: the PKCE verifier does not
    // match, and the provider has seen the code already.
    const fresh = new URL((await startSocial(stack.api, { provider: 'google', deviceId })).body.url)
    const swapped = new URL(callback)
    swapped.searchParams.set('state', fresh.searchParams.get('state') as string)
    expectFailedPage(await openCallback(swapped))
    expect(await counts()).toEqual(before)
    // The result: from another device it is refused and not used up; then once only.
    const result = first.posted?.message.result
    const elsewhere = await stack.api.post('/v1/social/finish', {
      projectId: PROJECT,
      deviceId: newDeviceId(),
      result,
    })
    expect(elsewhere).toMatchObject({ status: 400, body: { code: 'SOCIAL_RESULT_INVALID' } })
    const finished = await stack.api.post('/v1/social/finish', { projectId: PROJECT, deviceId, result })
    expect(finished.status).toBe(200)
    const again = await stack.api.post('/v1/social/finish', { projectId: PROJECT, deviceId, result })
    expect(again).toMatchObject({ status: 400, body: { code: 'SOCIAL_RESULT_INVALID' } })
  })

  const tampered: [string, ClaimsChange, { foreignKey?: boolean }][] = [
    ['for another audience (a second client)', (claims) => ({ ...claims, aud: OTHER_CLIENT.clientId }), {}],
    ['with a wrong nonce', (claims) => ({ ...claims, nonce: randomBytes(32).toString('base64url') }), {}],
    ['from another issuer', (claims) => ({ ...claims, iss: 'https://accounts.example' }), {}],
    ['that has expired', (claims) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 600 }), {}],
    ['signed with a key the provider never published', (claims) => claims, { foreignKey: true }],
  ]
  for (const [what, change, options] of tampered)
    it(`an ID token ${what}: refused, nothing stored`, async () => {
      const callback = await loginAtProvider(stack.api, {
        provider: 'google',
        deviceId: newDeviceId(),
        userId: 'alice',
      })
      const before = await counts()
      providers.providers.google.tamperNextIdToken(change, options)
      expectFailedPage(await openCallback(callback))
      expect(await counts()).toEqual(before)
    })

  it('the same ID token re-signed by the provider with nothing changed: accepted (the checks above refuse the change, not the re-signing)', async () => {
    const deviceId = newDeviceId()
    const callback = await loginAtProvider(stack.api, { provider: 'google', deviceId, userId: 'alice' })
    providers.providers.google.tamperNextIdToken((claims) => claims)
    const page = await openCallback(callback)
    expect(page.status).toBe(200)
    expect(typeof page.posted?.message.result).toBe('string')
  })

  it('a parent origin the project does not allow, and an unknown provider: refused at start', async () => {
    const deviceId = newDeviceId()
    const evil = await startSocial(stack.api, {
      provider: 'google',
      deviceId,
      parentOrigin: 'https://evil.example',
    })
    expect(evil).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
    const unknown = await stack.api.post('/v1/social/start', {
      projectId: PROJECT,
      provider: 'myspace',
      deviceId,
      parentOrigin: APP_ORIGIN,
    })
    expect(unknown).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } })
    // One of the six, but not configured on this service.
    const onlyGoogle = await startFrameService(
      serviceOptions(stack.mailbox, {
        database: pglite,
        social: { providers: { google: providers.social.providers.google } },
      }),
    )
    try {
      const notOffered = await startSocial(client(onlyGoogle.url), { provider: 'github', deviceId })
      expect(notOffered).toMatchObject({
        status: 501,
        body: {
          code: 'SOCIAL_NOT_CONFIGURED',
          message: 'This social login is not configured on this service',
        },
      })
    } finally {
      await onlyGoogle.stop()
    }
  })

  it('a flow older than ten minutes: its callback is refused', async () => {
    const callback = await loginAtProvider(stack.api, {
      provider: 'github',
      deviceId: newDeviceId(),
      userId: 'alice',
    })
    const before = await counts()
    clock.advance(10 * 60 * 1000 + 1000)
    try {
      const page = await openCallback(callback)
      expect(page.status).toBe(400)
      expect(page.posted).toBeUndefined()
    } finally {
      clock.advance(-(10 * 60 * 1000 + 1000))
    }
    expect(await counts()).toEqual(before)
  })
})
