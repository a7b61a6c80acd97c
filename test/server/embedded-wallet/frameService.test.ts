/**
 * The frame service over real HTTP, its mail through the devstack mailbox (PGlite): the
 * email flow with the code read from the mailbox, wrong, locked, expired and replayed
 * codes, device approval by link, rate limits, sessions and the shares they release,
 * encryption at rest, email update, origins and the frame page's headers, and the RPC
 * allowlist.
 */
import { PGlite } from '@electric-sql/pglite'
import { keccak256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { startMailbox } from '../../../devstack/mailbox/index.js'
import {
  CODE_TTL_SECONDS,
  clientIpFromHeader,
  FRESH_SESSION_SECONDS,
  startFrameService,
} from '../../../server/embedded-wallet/index.js'
import { expectErrorShape } from '../../support/errorShape.js'
import { paddedJson, throughOneAgent } from '../../support/keepAlive.js'
import {
  APP_ORIGIN,
  CLOSED_PROJECT,
  codeOf,
  linkOf,
  logIn,
  mailCount,
  movableClock,
  newDeviceId,
  newEmail,
  nextMail,
  PROJECT,
  randomShare,
  type SessionAuth,
  serviceOptions,
  startServiceStack,
  walletBody,
} from './serviceHelpers.js'

const clock = movableClock()
let stack: Awaited<ReturnType<typeof startServiceStack>>
let pglite: PGlite
let anvil: AnvilInstance

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  pglite = new PGlite()
  stack = await startServiceStack({
    database: pglite,
    now: clock.now,
    chains: { 'eip155:31337': anvil.rpcUrl, 'solana:localnet': 'http://127.0.0.1:1' },
    limits: { perEmail: 4, perIp: 1000, deviceWaitMs: 1500 },
  })
})

afterAll(async () => {
  await stack?.stop()
  await pglite?.close()
  await anvil?.stop()
})

const start = (email: string, deviceId: string, parentOrigin = APP_ORIGIN) =>
  stack.api.post('/v1/email/start', { projectId: PROJECT, email, deviceId, parentOrigin })
const verify = (email: string, deviceId: string, otp: string) =>
  stack.api.post('/v1/email/verify', { projectId: PROJECT, email, otp, deviceId, parentOrigin: APP_ORIGIN })
const wrong = (otp: string) => (otp === '000000' ? '000001' : '000000')

describe('email login', () => {
  it('mails a code that says the app, and the code logs a new user in with no wallet yet', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const started = await start(email.toUpperCase(), deviceId)
    expect(started).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
    const mail = await nextMail(stack.mailbox, email, 0)
    expect(mail.subject).toContain(APP_ORIGIN)
    expect(mail.text).toContain(APP_ORIGIN)
    const verified = await verify(email, deviceId, codeOf(mail))
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ user: { email }, wallet: 'none' })
    const token = verified.body.sessionToken as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const session = await stack.api.get('/v1/session', { token, deviceId })
    expect(session).toMatchObject({ status: 200, body: { user: { email }, wallet: 'none', addresses: {} } })
    expect(session.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses a wrong code, locks the code after the third wrong try, even for the right one', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await start(email, deviceId)
    const otp = codeOf(await nextMail(stack.mailbox, email, 0))
    for (let i = 0; i < 3; i++) {
      expect(await verify(email, deviceId, wrong(otp))).toMatchObject({
        status: 400,
        body: { code: 'INVALID_OTP' },
      })
    }
    expect(await verify(email, deviceId, otp)).toMatchObject({
      status: 400,
      body: { code: 'OTP_TOO_MANY_ATTEMPTS' },
    })
  })

  it('takes the right code after two wrong tries', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await start(email, deviceId)
    const otp = codeOf(await nextMail(stack.mailbox, email, 0))
    await verify(email, deviceId, wrong(otp))
    await verify(email, deviceId, wrong(otp))
    expect((await verify(email, deviceId, otp)).status).toBe(200)
  })

  it('refuses an expired code, and a code replayed after it was used', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await start(email, deviceId)
    const first = codeOf(await nextMail(stack.mailbox, email, 0))
    clock.advance(CODE_TTL_SECONDS * 1000 + 1000)
    expect(await verify(email, deviceId, first)).toMatchObject({ status: 400, body: { code: 'OTP_EXPIRED' } })

    await start(email, deviceId)
    const second = codeOf(await nextMail(stack.mailbox, email, 1))
    expect((await verify(email, deviceId, second)).status).toBe(200)
    expect(await verify(email, deviceId, second)).toMatchObject({ status: 400, body: { code: 'OTP_USED' } })
  })

  it('refuses a code sent for another device, and a verify with no code sent', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await start(email, deviceId)
    const otp = codeOf(await nextMail(stack.mailbox, email, 0))
    expect(await verify(email, newDeviceId(), otp)).toMatchObject({
      status: 400,
      body: { code: 'OTP_NOT_FOUND' },
    })
    expect((await verify(email, deviceId, otp)).status).toBe(200)
  })

  it('refuses an origin the project does not allow, and an unknown project, with no mail sent', async () => {
    const email = newEmail()
    expect(await start(email, newDeviceId(), 'https://evil.example')).toMatchObject({
      status: 403,
      body: { code: 'ORIGIN_NOT_ALLOWED' },
    })
    const unknown = await stack.api.post('/v1/email/start', {
      projectId: 'nope',
      email,
      deviceId: newDeviceId(),
      parentOrigin: APP_ORIGIN,
    })
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_PROJECT' } })
    expect(mailCount(stack.mailbox, email)).toBe(0)
  })

  it('answers a bad request in the one error shape, { code, message }', async () => {
    const answer = await fetch(`${stack.service.url}/v1/email/verify`, { method: 'POST', body: '{oops' })
    await expectErrorShape(answer, 400, 'BAD_REQUEST')
    await expectErrorShape(await fetch(`${stack.service.url}/v1/nowhere`), 404, 'NOT_FOUND')
  })

  it('answers bad input with 400 JSON naming the field, a huge body with 413, a foreign POST with 403', async () => {
    const bad = await stack.api.post('/v1/email/start', {
      projectId: PROJECT,
      email: 'not an email',
      deviceId: newDeviceId(),
      parentOrigin: APP_ORIGIN,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST' })
    expect(bad.body.message).toMatch(/email/)
    const notJson = await fetch(`${stack.service.url}/v1/email/verify`, { method: 'POST', body: '{oops' })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ code: 'BAD_REQUEST' })
    const huge = await stack.api.post('/v1/wallet', { authShare: 'A'.repeat(100_000) })
    expect(huge).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } })
    const foreign = await fetch(`${stack.service.url}/v1/email/start`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: PROJECT,
        email: newEmail(),
        deviceId: newDeviceId(),
        parentOrigin: APP_ORIGIN,
      }),
    })
    expect(foreign.status).toBe(403)
    expect(await stack.api.get('/no/such/route')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
  })

  it.each([
    ['a login route (64 KiB limit)', '/v1/email/start', {}],
    ['the RPC forwarder (1 MiB limit)', '/v1/rpc/eip155:31337', {}],
    ['a login route, streamed', '/v1/email/start', { 'transfer-encoding': 'chunked' }],
  ])(
    'refuses 2 MiB sent to %s with 413 and closes the connection: the next request on the agent is answered',
    async (_, path, headers) => {
      const [refused, next] = await throughOneAgent(stack.service.url, [
        { method: 'POST', path, body: paddedJson(), headers },
        { path: `/projects/v1/origins?projectId=${PROJECT}` },
      ])
      expect(refused).toMatchObject({ status: 413, headers: { connection: 'close' } })
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
      expect(next).toMatchObject({ status: 200, socket: 2 })
    },
  )
})

describe('device approval', () => {
  it('asks a known user on a new device to approve it by link, then mails the code', async () => {
    const email = newEmail()
    await logIn(stack.api, stack.mailbox, email, newDeviceId())
    const laptop = newDeviceId()
    const seen = mailCount(stack.mailbox, email)
    expect(await start(email, laptop)).toMatchObject({ status: 200, body: { action: 'VERIFY_DEVICE' } })
    const mail = await nextMail(stack.mailbox, email, seen)
    expect(mail.text).toContain(APP_ORIGIN)
    const link = linkOf(mail)
    expect(link.startsWith(`${stack.service.url}/v1/device/approve?token=`)).toBe(true)

    // No code for this device before the link is clicked; waiting answers false in time.
    const waiting = stack.api.post('/v1/device/wait', { projectId: PROJECT, email, deviceId: laptop })
    expect(await waiting).toMatchObject({ status: 200, body: { approved: false } })

    const waitingAgain = stack.api.post('/v1/device/wait', { projectId: PROJECT, email, deviceId: laptop })
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await page.text()).toContain('This device is approved')
    expect(await waitingAgain).toMatchObject({ status: 200, body: { approved: true } })

    const codeMail = await nextMail(stack.mailbox, email, seen + 1)
    const verified = await verify(email, laptop, codeOf(codeMail))
    expect(verified).toMatchObject({ status: 200, body: { wallet: 'none' } })

    // The link works once.
    const again = await fetch(link)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('expired or was already used')
    // An approved device gets a code straight away next time.
    expect(await start(email, laptop)).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
  })

  it('refuses a forged or malformed approval token', async () => {
    expect((await fetch(`${stack.service.url}/v1/device/approve?token=${'a'.repeat(43)}`)).status).toBe(400)
    expect((await fetch(`${stack.service.url}/v1/device/approve?token=<script>`)).status).toBe(400)
  })
})

describe('rate limits', () => {
  it('limits mail to one address per window, and lets it through again in the next window', async () => {
    const email = newEmail()
    clock.startWindow(600)
    for (let i = 0; i < 4; i++) expect((await start(email, newDeviceId())).status).toBe(200)
    const limited = await start(email, newDeviceId())
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
    expect(limited.body.retryAfter).toBeGreaterThan(0)
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfter))
    expect(limited.body.details).toEqual({ retryAfter: limited.body.retryAfter })
    expect(mailCount(stack.mailbox, email)).toBe(4)
    clock.advance(600_000)
    expect((await start(email, newDeviceId())).status).toBe(200)
  })

  it('limits requests from one IP address across addresses', async () => {
    // Its own service on the same database, its clock ten days on: windows the other
    // tests' hits from this IP never reach.
    const ipClock = movableClock()
    ipClock.advance(10 * 24 * 3600_000)
    ipClock.startWindow(600)
    const limited = await startServiceStack({ database: pglite, limits: { perIp: 3 }, now: ipClock.now })
    try {
      const send = () =>
        limited.api.post('/v1/email/start', {
          projectId: PROJECT,
          email: newEmail(),
          deviceId: newDeviceId(),
          parentOrigin: APP_ORIGIN,
        })
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200)
      expect(await send()).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
    } finally {
      await limited.stop()
    }
  })
})

describe('rate limits behind a proxy', () => {
  it('counts the per-IP limit against the address the proxy appended, not the proxy', async () => {
    const proxyClock = movableClock()
    proxyClock.advance(30 * 24 * 3600_000)
    proxyClock.startWindow(600)
    const limited = await startServiceStack({
      database: pglite,
      limits: { perIp: 2 },
      now: proxyClock.now,
      clientIp: clientIpFromHeader('x-forwarded-for'),
    })
    try {
      const send = (forwardedFor: string) =>
        fetch(`${limited.service.url}/v1/email/start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({
            projectId: PROJECT,
            email: newEmail(),
            deviceId: newDeviceId(),
            parentOrigin: APP_ORIGIN,
          }),
        })
      // What the client wrote before the proxy's entry changes nothing.
      expect((await send('9.9.9.1, 203.0.113.7')).status).toBe(200)
      expect((await send('9.9.9.2, 203.0.113.7')).status).toBe(200)
      expect((await send('9.9.9.3, 203.0.113.7')).status).toBe(429)
      expect((await send('198.51.100.4')).status).toBe(200)
    } finally {
      await limited.stop()
    }
  })
})

describe('rate limits per project', () => {
  it('limits mail for one project across addresses and IPs', async () => {
    const projectClock = movableClock()
    projectClock.advance(20 * 24 * 3600_000)
    projectClock.startWindow(600)
    const limited = await startServiceStack({
      database: pglite,
      limits: { perProject: 2, perIp: 1000 },
      now: projectClock.now,
    })
    try {
      const send = () =>
        limited.api.post('/v1/email/start', {
          projectId: PROJECT,
          email: newEmail(),
          deviceId: newDeviceId(),
          parentOrigin: APP_ORIGIN,
        })
      expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(200)
      expect(await send()).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
    } finally {
      await limited.stop()
    }
  })
})

describe('sessions and shares', () => {
  it('creates the wallet once and releases the auth share and recovery to a fresh session: bytes in, bytes out', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const { auth, user } = await logIn(stack.api, stack.mailbox, email, deviceId)
    const wallet = walletBody()
    expect(await stack.api.post('/v1/wallet', wallet, auth)).toMatchObject({ status: 200, body: {} })
    expect(await stack.api.post('/v1/wallet', walletBody(), auth)).toMatchObject({
      status: 409,
      body: { code: 'WALLET_EXISTS' },
    })
    expect(await stack.api.post('/v1/wallet/auth-share', {}, auth)).toMatchObject({
      status: 200,
      body: { authShare: wallet.authShare },
    })
    // The frame names its device (the Latchkit-Device-Id header): the session's own is fine.
    expect((await stack.api.post('/v1/wallet/auth-share', {}, { token: auth.token, deviceId })).status).toBe(
      200,
    )
    expect(await stack.api.post('/v1/wallet/recovery', undefined, auth)).toMatchObject({
      status: 200,
      body: {
        encryptedShare: wallet.recovery.encryptedShare,
        kdf: wallet.recovery.kdf,
        serverRecoveryShare: wallet.serverRecoveryShare,
        addresses: wallet.addresses,
      },
    })
    expect(await stack.api.get('/v1/session', auth)).toMatchObject({
      body: { wallet: 'this-device', addresses: wallet.addresses },
    })

    // The database holds ciphertext only: no share's bytes appear in any stored column.
    const { rows } = await pglite.query<Record<string, unknown>>(
      `SELECT w.recovery_share, w.server_recovery_share, a.share, w.recovery_kdf::text AS kdf
       FROM ew_wallets w JOIN ew_auth_shares a ON a.user_id = w.user_id WHERE w.user_id = $1`,
      [user.id],
    )
    expect(rows).toHaveLength(1)
    const stored = Object.values(rows[0] as Record<string, unknown>)
      .filter((value): value is Uint8Array => value instanceof Uint8Array)
      .map((bytes) => Buffer.from(bytes))
    expect(stored).toHaveLength(3)
    const dump = Buffer.concat(stored)
    for (const share of [wallet.authShare, wallet.recovery.encryptedShare, wallet.serverRecoveryShare]) {
      const bytes = Buffer.from(share, 'base64')
      expect(dump.includes(bytes)).toBe(false)
      expect(dump.includes(Buffer.from(share))).toBe(false)
      expect(JSON.stringify(rows).includes(share)).toBe(false)
    }
  })

  it('refuses shares without a session, to another device, after a revoke, and recovery to a stale session', async () => {
    const email = newEmail()
    const phone = newDeviceId()
    const { auth } = await logIn(stack.api, stack.mailbox, email, phone)
    await stack.api.post('/v1/wallet', walletBody(), auth)

    expect(await stack.api.post('/v1/wallet/auth-share', {})).toMatchObject({
      status: 401,
      body: { code: 'NO_SESSION' },
    })
    expect(await stack.api.post('/v1/wallet/auth-share', {}, 'x'.repeat(43))).toMatchObject({
      status: 401,
      body: { code: 'NO_SESSION' },
    })
    expect(
      await stack.api.post('/v1/wallet/auth-share', {}, { token: auth.token, deviceId: newDeviceId() }),
    ).toMatchObject({
      status: 403,
      body: { code: 'DEVICE_MISMATCH' },
    })

    // A second device, approved by link, holds no share of its own until it recovers.
    const laptop = newDeviceId()
    const seen = mailCount(stack.mailbox, email)
    await start(email, laptop)
    await fetch(linkOf(await nextMail(stack.mailbox, email, seen)))
    const laptopLogin = await verify(email, laptop, codeOf(await nextMail(stack.mailbox, email, seen + 1)))
    const laptopAuth = { token: laptopLogin.body.sessionToken as string, deviceId: laptop }
    expect(laptopLogin.body.wallet).toBe('other-device')
    expect(await stack.api.post('/v1/wallet/auth-share', {}, laptopAuth)).toMatchObject({
      status: 404,
      body: { code: 'NO_AUTH_SHARE' },
    })
    const recovery = await stack.api.post('/v1/wallet/recovery', {}, laptopAuth)
    expect(recovery.status).toBe(200)
    const laptopShare = randomShare()
    expect((await stack.api.post('/v1/wallet/device', { authShare: laptopShare }, laptopAuth)).status).toBe(
      200,
    )
    expect(await stack.api.post('/v1/wallet/auth-share', {}, laptopAuth)).toMatchObject({
      body: { authShare: laptopShare },
    })

    // Stale: more than ten minutes after the code. This device still gets its own auth share
    // (a reload reconnects without a code), but nothing that rebuilds the key elsewhere.
    clock.advance(FRESH_SESSION_SECONDS * 1000 + 1000)
    expect(await stack.api.post('/v1/wallet/auth-share', {}, auth)).toMatchObject({ status: 200 })
    expect(await stack.api.post('/v1/wallet/recovery', {}, auth)).toMatchObject({
      status: 401,
      body: { code: 'SESSION_NOT_FRESH' },
    })
    expect(await stack.api.post('/v1/wallet/device', { authShare: randomShare() }, auth)).toMatchObject({
      status: 401,
      body: { code: 'SESSION_NOT_FRESH' },
    })
    expect((await stack.api.get('/v1/session', auth)).status).toBe(200)

    expect(await stack.api.post('/v1/session/revoke', {}, auth)).toMatchObject({
      status: 200,
      body: {},
    })
    expect((await stack.api.get('/v1/session', auth)).status).toBe(401)
  })

  it('refuses a token sent without its device, or with another device, on every route that takes a session', async () => {
    const deviceId = newDeviceId()
    const { auth } = await logIn(stack.api, stack.mailbox, newEmail(), deviceId)
    const routes: [string, unknown][] = [
      ['/v1/session', undefined],
      ['/v1/session/revoke', {}],
      ['/v1/wallet', walletBody()],
      ['/v1/wallet/auth-share', {}],
      ['/v1/wallet/recovery', {}],
      ['/v1/wallet/device', { authShare: randomShare() }],
      ['/v1/email/update/start', { email: newEmail() }],
      ['/v1/email/update/primary', { otp: '123456' }],
      ['/v1/email/update/secondary', { otp: '123456' }],
      ['/v1/rpc/eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }],
    ]
    const send = (path: string, body: unknown, as: SessionAuth | string) =>
      body === undefined ? stack.api.get(path, as) : stack.api.post(path, body, as)
    for (const [path, body] of routes) {
      expect(await send(path, body, auth.token), path).toMatchObject({
        status: 400,
        body: { code: 'DEVICE_ID_REQUIRED' },
      })
      expect(await send(path, body, { token: auth.token, deviceId: 'not a device id' }), path).toMatchObject({
        status: 400,
        body: { code: 'DEVICE_ID_REQUIRED' },
      })
      expect(await send(path, body, { token: auth.token, deviceId: newDeviceId() }), path).toMatchObject({
        status: 403,
        body: { code: 'DEVICE_MISMATCH' },
      })
    }
    // Nothing was done: the session lives, no wallet was made, no mail was sent for an update.
    expect(await stack.api.get('/v1/session', auth)).toMatchObject({ status: 200, body: { wallet: 'none' } })
  })

  it('refuses a malformed share', async () => {
    const { auth } = await logIn(stack.api, stack.mailbox, newEmail(), newDeviceId())
    const body = { ...walletBody(), authShare: 'not base64!' }
    expect(await stack.api.post('/v1/wallet', body, auth)).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    })
  })
})

describe('email update', () => {
  it('changes the login email after a code to the current address, then one to the new one', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const { auth } = await logIn(stack.api, stack.mailbox, email, deviceId)
    const next = newEmail()
    const seen = mailCount(stack.mailbox, email)
    expect(await stack.api.post('/v1/email/update/start', { email: next }, auth)).toMatchObject({
      status: 200,
      body: { action: 'VERIFY_PRIMARY_OTP' },
    })
    const primaryMail = await nextMail(stack.mailbox, email, seen)
    expect(primaryMail.text).toContain(next)
    const primary = codeOf(primaryMail)
    expect(await stack.api.post('/v1/email/update/primary', { otp: wrong(primary) }, auth)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_OTP' },
    })
    expect(await stack.api.post('/v1/email/update/primary', { otp: primary }, auth)).toMatchObject({
      status: 200,
      body: { action: 'VERIFY_SECONDARY_OTP' },
    })
    const secondary = codeOf(await nextMail(stack.mailbox, next, 0))
    expect(await stack.api.post('/v1/email/update/secondary', { otp: secondary }, auth)).toMatchObject({
      status: 200,
      body: { email: next },
    })
    expect(await stack.api.get('/v1/session', auth)).toMatchObject({
      body: { user: { email: next } },
    })
    // The new address is the login now, on the same device with no approval step.
    expect(await start(next, deviceId)).toMatchObject({ body: { action: 'VERIFY_OTP' } })
  })

  it('refuses an address another user has, and the current one', async () => {
    const taken = newEmail()
    await logIn(stack.api, stack.mailbox, taken, newDeviceId())
    const email = newEmail()
    const { auth } = await logIn(stack.api, stack.mailbox, email, newDeviceId())
    expect(await stack.api.post('/v1/email/update/start', { email: taken }, auth)).toMatchObject({
      status: 409,
      body: { code: 'EMAIL_TAKEN' },
    })
    expect(await stack.api.post('/v1/email/update/start', { email }, auth)).toMatchObject({
      status: 400,
      body: { code: 'EMAIL_UNCHANGED' },
    })
  })
})

describe('origins and the frame page', () => {
  it('answers the allowed origins of a project, 404 for an unknown one', async () => {
    expect(await stack.api.get(`/projects/v1/origins?projectId=${PROJECT}`)).toMatchObject({
      status: 200,
      body: { allowedOrigins: [APP_ORIGIN] },
    })
    expect(await stack.api.get('/projects/v1/origins?projectId=nope')).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_PROJECT' },
    })
    expect((await stack.api.get('/projects/v1/origins')).status).toBe(400)
  })

  it('takes a project and its origins after start, for an app whose port is known only then', async () => {
    stack.service.service.setAllowedOrigins('late-app', ['http://127.0.0.1:5999/'])
    expect(await stack.api.get('/projects/v1/origins?projectId=late-app')).toMatchObject({
      status: 200,
      body: { allowedOrigins: ['http://127.0.0.1:5999'] },
    })
    const page = await fetch(`${stack.service.url}/frame?projectId=late-app&chainId=eip155:1`)
    expect(page.headers.get('content-security-policy')).toMatch(
      /^frame-ancestors http:\/\/127\.0\.0\.1:5999;/,
    )
    expect(() => stack.service.service.setAllowedOrigins('late-app', ['javascript:alert(1)'])).toThrow(
      /not an http\(s\) origin/,
    )
  })

  it('serves the frame page with frame-ancestors of the allowed origins and a strict policy', async () => {
    const page = await fetch(`${stack.service.url}/frame?projectId=${PROJECT}&chainId=eip155:1`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toBe(
      `frame-ancestors ${APP_ORIGIN}; default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'`,
    )
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('<script type="module" src="/frame/frame.js"></script>')

    const closed = await fetch(`${stack.service.url}/frame?projectId=${CLOSED_PROJECT}`)
    expect(closed.headers.get('content-security-policy')).toMatch(/^frame-ancestors 'none';/)
    const unknown = await fetch(`${stack.service.url}/frame?projectId=nope`)
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('serves the frame script it is given', async () => {
    const mailbox = await startMailbox()
    const service = await startFrameService(
      serviceOptions(mailbox, { database: pglite, frameScript: async () => 'console.log("frame")' }),
    )
    try {
      const script = await fetch(`${service.url}/frame/frame.js`)
      expect(script.status).toBe(200)
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(script.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await script.text()).toBe('console.log("frame")')
    } finally {
      await service.stop()
      await mailbox.stop()
    }
  })
})

describe('RPC', () => {
  let auth: SessionAuth
  beforeAll(async () => {
    ;({ auth } = await logIn(stack.api, stack.mailbox, newEmail(), newDeviceId()))
  })
  const rpc = (
    chain: string,
    method: string,
    params: unknown[] = [],
    as: SessionAuth | string | null = auth,
  ) => stack.api.post(`/v1/rpc/${chain}`, { jsonrpc: '2.0', id: 7, method, params }, as ?? undefined)

  it('forwards nothing without a live session of the device the call names: not even a signed transaction', async () => {
    const sender = privateKeyToAccount(fixtureAccounts[0]!.privateKey)
    const transfer = await sender.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      nonce: 0,
      to: fixtureAccounts[1]!.address,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    const hash = keccak256(transfer)
    const send = (as: SessionAuth | string | null) =>
      rpc('eip155:31337', 'eth_sendRawTransaction', [transfer], as)
    expect(await send(null)).toMatchObject({ status: 401, body: { code: 'NO_SESSION' } })
    expect(await send('x'.repeat(43))).toMatchObject({ status: 401, body: { code: 'NO_SESSION' } })
    expect(await send(auth.token)).toMatchObject({ status: 400, body: { code: 'DEVICE_ID_REQUIRED' } })
    expect(await send({ token: auth.token, deviceId: newDeviceId() })).toMatchObject({
      status: 403,
      body: { code: 'DEVICE_MISMATCH' },
    })
    expect(
      await rpc('eip155:31337', 'eth_getBalance', [fixtureAccounts[0]!.address, 'latest'], null),
    ).toMatchObject({ status: 401, body: { code: 'NO_SESSION' } })
    // None of them reached the chain.
    expect((await rpc('eip155:31337', 'eth_getTransactionByHash', [hash])).body).toMatchObject({
      result: null,
    })
    // The session's own call goes through.
    expect(await send(auth)).toMatchObject({ status: 200, body: { result: hash } })
    // A session logged out is refused again.
    const { auth: other } = await logIn(stack.api, stack.mailbox, newEmail(), newDeviceId())
    expect((await rpc('eip155:31337', 'eth_chainId', [], other)).status).toBe(200)
    expect((await stack.api.post('/v1/session/revoke', {}, other)).status).toBe(200)
    expect(await rpc('eip155:31337', 'eth_chainId', [], other)).toMatchObject({
      status: 401,
      body: { code: 'NO_SESSION' },
    })
  })

  it('forwards an allowlisted read to the chain, and takes a call larger than the other routes do', async () => {
    expect(await rpc('eip155:31337', 'eth_chainId')).toMatchObject({
      status: 200,
      body: { jsonrpc: '2.0', id: 7, result: '0x7a69' },
    })
    // 200 KB of call data: over the 64 KiB of the other routes, under the RPC's 1 MiB.
    const call = { to: '0x0000000000000000000000000000000000000004', data: `0x${'ab'.repeat(100_000)}` }
    const echoed = await rpc('eip155:31337', 'eth_call', [call, 'latest'])
    expect(echoed.status).toBe(200)
    expect(echoed.body.result).toBe(call.data)
  })

  it('refuses any other method without forwarding it', async () => {
    for (const method of ['anvil_setBalance', 'eth_sendTransaction', 'personal_sign', 'eth_accounts']) {
      expect(await rpc('eip155:31337', method)).toMatchObject({
        status: 200,
        body: { id: 7, error: { code: -32601, message: 'Requested RPC call is not allowed' } },
      })
    }
    // Solana's list is its own: an EVM method is refused there before the (dead) endpoint is asked.
    expect(await rpc('solana:localnet', 'eth_chainId')).toMatchObject({ body: { error: { code: -32601 } } })
    expect(await rpc('solana:localnet', 'getBalance', ['x'])).toMatchObject({
      status: 502,
      body: { code: 'CHAIN_UNAVAILABLE' },
    })
    expect(await rpc('eip155:1', 'eth_chainId')).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_CHAIN' },
    })
    expect(await stack.api.post('/v1/rpc/eip155:31337', { method: 'eth_chainId' }, auth)).toMatchObject({
      status: 400,
    })
  })
})

describe('mail failures', () => {
  it('answers 503 MAIL_UNAVAILABLE when the SMTP server is down', async () => {
    const down = await startServiceStack({ database: pglite })
    await down.mailbox.stop()
    try {
      const answer = await down.api.post('/v1/email/start', {
        projectId: PROJECT,
        email: newEmail(),
        deviceId: newDeviceId(),
        parentOrigin: APP_ORIGIN,
      })
      expect(answer).toMatchObject({ status: 503, body: { code: 'MAIL_UNAVAILABLE' } })
    } finally {
      await down.service.stop()
    }
  })
})

describe('housekeeping', () => {
  it('deletes codes and sessions a day past their end', async () => {
    const email = newEmail()
    const { user } = await logIn(stack.api, stack.mailbox, email, newDeviceId())
    const count = async (table: string, where: string, value: string) =>
      (
        await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where} = $1`, [
          value,
        ])
      ).rows[0]?.n
    expect(await count('ew_codes', 'email', email)).toBe(1)
    expect(await count('ew_sessions', 'user_id', user.id)).toBe(1)
    clock.advance(9 * 24 * 3600_000)
    expect((await start(newEmail(), newDeviceId())).status).toBe(200)
    expect(await count('ew_codes', 'email', email)).toBe(0)
    expect(await count('ew_sessions', 'user_id', user.id)).toBe(0)
  })
})
