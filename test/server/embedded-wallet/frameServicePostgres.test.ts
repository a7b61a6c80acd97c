/**
 * Two frame-service instances on one real PostgreSQL (Debian's, started once per run), as
 * behind a load balancer: a code's attempts, its single use and the rate limits hold
 * across them, also when the tries reach both at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedMailbox, startMailbox } from '../../../devstack/mailbox/index.js'
import { type StartedFrameService, startFrameService } from '../../../server/embedded-wallet/index.js'
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js'
import { sharedPostgresUrl } from '../../support/sharedPostgres.js'
import {
  APP_ORIGIN,
  type Client,
  type Clock,
  client,
  codeOf,
  mailCount,
  movableClock,
  newDeviceId,
  newEmail,
  newShareKey,
  nextMail,
  PROJECT,
  serviceOptions,
  walletBody,
} from './serviceHelpers.js'

const adminUrl = sharedPostgresUrl()

let database: TestDatabase
let mailbox: StartedMailbox
let services: StartedFrameService[] = []
let a: Client
let b: Client
let clockOfBoth: Clock

beforeAll(async () => {
  database = await createTestDatabase(adminUrl)
  mailbox = await startMailbox()
  // One share key for both: it seals the shares and keys the code hashes.
  const shareKey = newShareKey()
  const clock = movableClock()
  clockOfBoth = clock
  // Both at once on an empty database: the schema is made once.
  services = await Promise.all(
    [0, 1].map(() =>
      startFrameService(
        serviceOptions(mailbox, {
          shareKey,
          database: { url: database.url },
          limits: { perEmail: 3, perIp: 1000 },
        }),
      ),
    ),
  )
  a = client((services[0] as StartedFrameService).url)
  b = client((services[1] as StartedFrameService).url)
})

afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()))
  await mailbox?.stop()
  await database?.drop()
})

const start = (api: Client, email: string, deviceId: string) =>
  api.post('/v1/email/start', { projectId: PROJECT, email, deviceId, parentOrigin: APP_ORIGIN })
const verify = (api: Client, email: string, deviceId: string, otp: string) =>
  api.post('/v1/email/verify', { projectId: PROJECT, email, otp, deviceId, parentOrigin: APP_ORIGIN })
const wrong = (otp: string) => (otp === '000000' ? '000001' : '000000')

/** Starts a login on `api` and reads the code from the mailbox. */
async function codeFor(api: Client, email: string, deviceId: string): Promise<string> {
  const seen = mailCount(mailbox, email)
  expect((await start(api, email, deviceId)).status).toBe(200)
  return codeOf(await nextMail(mailbox, email, seen))
}

describe('the frame service on two instances sharing one PostgreSQL', () => {
  it('locks a code after three wrong tries split between the instances', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const otp = await codeFor(a, email, deviceId)
    expect(await verify(a, email, deviceId, wrong(otp))).toMatchObject({ body: { code: 'INVALID_OTP' } })
    expect(await verify(b, email, deviceId, wrong(otp))).toMatchObject({ body: { code: 'INVALID_OTP' } })
    expect(await verify(a, email, deviceId, wrong(otp))).toMatchObject({ body: { code: 'INVALID_OTP' } })
    expect(await verify(b, email, deviceId, otp)).toMatchObject({
      status: 400,
      body: { code: 'OTP_TOO_MANY_ATTEMPTS' },
    })
  })

  it('counts every one of many wrong tries sent to both at once: three are tried, the rest refused', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const otp = await codeFor(b, email, deviceId)
    const answers = await Promise.all(
      [a, b, a, b, a, b, a, b].map((api) => verify(api, email, deviceId, wrong(otp))),
    )
    const codes = answers.map((answer) => answer.body.code).sort()
    expect(codes).toEqual([...Array(3).fill('INVALID_OTP'), ...Array(5).fill('OTP_TOO_MANY_ATTEMPTS')])
  })

  it('takes a code once: used on A, refused on B; sent to both at once, one login only', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const otp = await codeFor(a, email, deviceId)
    const first = await verify(a, email, deviceId, otp)
    expect(first.status).toBe(200)
    expect(await verify(b, email, deviceId, otp)).toMatchObject({ status: 400, body: { code: 'OTP_USED' } })
    // The session made on A is good on B.
    expect(await b.get('/v1/session', { token: first.body.sessionToken as string, deviceId })).toMatchObject({
      status: 200,
      body: { user: { email } },
    })

    const racing = await codeFor(b, email, deviceId)
    const raced = await Promise.all([a, b, a, b].map((api) => verify(api, email, deviceId, racing)))
    expect(raced.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(raced.filter((answer) => answer.body.code === 'OTP_USED')).toHaveLength(3)
  })

  it('holds a rate limit hit on one instance on the other', async () => {
    const email = newEmail()
    clockOfBoth.startWindow(600)
    expect((await start(a, email, newDeviceId())).status).toBe(200)
    expect((await start(b, email, newDeviceId())).status).toBe(200)
    expect((await start(a, email, newDeviceId())).status).toBe(200)
    expect(await start(b, email, newDeviceId())).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED' },
    })
    expect(await start(a, email, newDeviceId())).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED' },
    })
    expect(mailCount(mailbox, email)).toBe(3)
  })

  it('creates one wallet when both instances are asked at once, and either opens its shares', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const otp = await codeFor(a, email, deviceId)
    const { sessionToken } = (await verify(a, email, deviceId, otp)).body as { sessionToken: string }
    const auth = { token: sessionToken, deviceId }
    const bodies = [walletBody(), walletBody()]
    const answers = await Promise.all([a, b].map((api, i) => api.post('/v1/wallet', bodies[i], auth)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    // What one instance sealed, the other opens: the winner's shares, bytes for bytes.
    const stored = bodies[answers.findIndex((answer) => answer.status === 200)] as ReturnType<
      typeof walletBody
    >
    for (const api of [a, b]) {
      expect(await api.post('/v1/wallet/auth-share', {}, auth)).toMatchObject({
        status: 200,
        body: { authShare: stored.authShare },
      })
      expect(await api.post('/v1/wallet/recovery', {}, auth)).toMatchObject({
        status: 200,
        body: {
          encryptedShare: stored.recovery.encryptedShare,
          kdf: stored.recovery.kdf,
          serverRecoveryShare: stored.serverRecoveryShare,
        },
      })
    }
  })
})
