/**
 * The frame service under test: started over real HTTP with the devstack mailbox as its
 * SMTP server, a movable clock, and small clients that speak the service's routes and
 * read codes and links from the mailbox as a person would.
 */
import { randomBytes } from 'node:crypto'
import { type StartedMailbox, startMailbox } from '../../../devstack/mailbox/index.js'
import { DEVICE_ID_HEADER } from '../../../server/embedded-wallet/deviceSession.js'
import {
  type StartedFrameService,
  type StartFrameServiceOptions,
  startFrameService,
} from '../../../server/embedded-wallet/index.js'

import { codeOf, nextMail } from '../../support/mailbox.js'
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js'

export { codeOf, linkOf, nextMail } from '../../support/mailbox.js'

export const PROJECT = 'demo-project'
export const APP_ORIGIN = 'http://app.test:5173'
/** A project no origin may embed. */
export const CLOSED_PROJECT = 'closed-project'

export type Clock = { now(): number; advance(ms: number): void; startWindow(seconds: number): void }

/** Real time plus whatever the test moved it by. */
export function movableClock(): Clock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms
    },
    // Rate limits count in fixed windows: a test that fills one starts at the beginning of
    // the next, so the window cannot turn over halfway through it.
    startWindow(seconds) {
      const windowMs = seconds * 1000
      offset += windowMs - ((Date.now() + offset) % windowMs) + 1
    },
  }
}

export function newShareKey(): string {
  return randomBytes(32).toString('base64')
}

export function newDeviceId(): string {
  return `device-${randomBytes(8).toString('hex')}`
}

let emails = 0
/** An address no other test uses. */
export function newEmail(): string {
  emails += 1
  return `person${emails}-${randomBytes(3).toString('hex')}@example.com`
}

/** Options for a service on `mailbox`; the rest as given. */
export function serviceOptions(
  mailbox: StartedMailbox,
  extra: Partial<StartFrameServiceOptions> = {},
): StartFrameServiceOptions {
  return {
    smtp: { host: '127.0.0.1', port: mailbox.smtpPort, from: 'Latchkit <login@latchkit.test>' },
    projects: { [PROJECT]: { allowedOrigins: [APP_ORIGIN] }, [CLOSED_PROJECT]: { allowedOrigins: [] } },
    shareKey: newShareKey(),
    ...extra,
  }
}

export type Answer<T = Record<string, unknown>> = { status: number; body: T; headers: Headers }

/**
 * What a session call carries, as the frame sends it: the token (`Authorization: Bearer`)
 * and the device the session was made on (`Latchkit-Device-Id`). A bare token string sends
 * the token alone, which the service refuses.
 */
export type SessionAuth = { token: string; deviceId: string }

/** A client of one service URL. */
export function client(url: string) {
  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    auth?: SessionAuth | string,
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    const token = typeof auth === 'string' ? auth : auth?.token
    if (token) headers.authorization = `Bearer ${token}`
    if (typeof auth === 'object') headers[DEVICE_ID_HEADER] = auth.deviceId
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // An HTML page: kept as text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers }
  }
  return {
    url,
    get: <T = Record<string, unknown>>(path: string, auth?: SessionAuth | string) =>
      call<T>('GET', path, undefined, auth),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, auth?: SessionAuth | string) =>
      call<T>('POST', path, body, auth),
  }
}

export type Client = ReturnType<typeof client>

/**
 * How many rows `from` holds (a table, with a WHERE if need be), read straight from the
 * service's database: what a refused request must leave as it was.
 *
 * @example
 * expect(await rowCount(pglite, 'ew_sessions')).toBe(before)
 */
export async function rowCount(
  db: { query<T>(sql: string): Promise<{ rows: T[] }> },
  from: string,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`)
  return Number(rows[0]?.n)
}

/** How many mails `email` has had. */
export function mailCount(mailbox: StartedMailbox, email: string): number {
  return mailbox.messages(email).length
}

export type Login = {
  sessionToken: string
  user: { id: string; email: string }
  wallet: string
  /** The token with the device it was made on, for the session's calls. */
  auth: SessionAuth
}

/**
 * Logs in as a person would on a known (or first) device: start, read the code, verify.
 *
 * @example
 * const { sessionToken } = await logIn(api, mailbox, email, deviceId)
 */
export async function logIn(
  api: Client,
  mailbox: StartedMailbox,
  email: string,
  deviceId: string,
): Promise<Login> {
  const seen = mailCount(mailbox, email)
  const start = await api.post('/v1/email/start', {
    projectId: PROJECT,
    email,
    deviceId,
    parentOrigin: APP_ORIGIN,
  })
  if (start.status !== 200 || start.body.action !== 'VERIFY_OTP')
    throw new Error(`email/start answered ${start.status} ${JSON.stringify(start.body)}`)
  const otp = codeOf(await nextMail(mailbox, email, seen))
  const verify = await api.post<Omit<Login, 'auth'>>('/v1/email/verify', {
    projectId: PROJECT,
    email,
    otp,
    deviceId,
    parentOrigin: APP_ORIGIN,
  })
  if (verify.status !== 200)
    throw new Error(`email/verify answered ${verify.status} ${JSON.stringify(verify.body)}`)
  return { ...verify.body, auth: { token: verify.body.sessionToken, deviceId } }
}

/** Base64 of `n` random bytes: a stand-in share. */
export function randomShare(n = 17): string {
  return randomBytes(n).toString('base64')
}

export const ADDRESSES = {
  eip155: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  solana: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
}

/** A wallet body as the frame sends it, with fresh random shares. */
export function walletBody() {
  return {
    authShare: randomShare(),
    recovery: {
      encryptedShare: randomShare(45),
      kdf: { name: 'scrypt', N: 131072, r: 8, p: 1, salt: randomShare(16) },
    },
    serverRecoveryShare: randomShare(),
    addresses: ADDRESSES,
  }
}

/** A mailbox and one service on it; stop() ends both. */
export async function startServiceStack(extra: Partial<StartFrameServiceOptions> = {}) {
  const mailbox = await startMailbox()
  let service: StartedFrameService
  try {
    service = await startFrameService(serviceOptions(mailbox, extra))
  } catch (error) {
    await mailbox.stop()
    throw error
  }
  return {
    mailbox,
    service,
    api: client(service.url),
    stop: async () => {
      await service.stop()
      await mailbox.stop()
    },
  }
}

/** Two instances on one database; see {@link startServicePair}. */
export type ServicePair = {
  database: TestDatabase
  mailbox: StartedMailbox
  services: StartedFrameService[]
  /** Clients of the first and the second instance. */
  a: Client
  b: Client
  /** Stops both instances and the mailbox, then drops the database. */
  stop(): Promise<void>
}

/**
 * A fresh database on the PostgreSQL at `adminUrl`, a mailbox, and two frame-service
 * instances on both with one share key, as behind a load balancer. Both start at once on
 * the empty database, so its schema is made by one of them only.
 *
 * @example
 * const pair = await startServicePair(sharedPostgresUrl(), { social: providers.social })
 * await pair.b.post('/v1/social/finish', body)
 * await pair.stop()
 */
export async function startServicePair(
  adminUrl: string,
  extra: Partial<StartFrameServiceOptions> = {},
): Promise<ServicePair> {
  const database = await createTestDatabase(adminUrl)
  let mailbox: StartedMailbox | undefined
  const services: StartedFrameService[] = []
  const stop = async () => {
    await Promise.all(services.map((service) => service.stop()))
    await mailbox?.stop()
    await database.drop()
  }
  try {
    const started = await startMailbox()
    mailbox = started
    // One share key for both: it seals the shares and keys the code hashes.
    const shared = { shareKey: newShareKey(), ...extra, database: { url: database.url } }
    const results = await Promise.allSettled(
      [0, 1].map(() => startFrameService(serviceOptions(started, shared))),
    )
    for (const result of results) if (result.status === 'fulfilled') services.push(result.value)
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const [first, second] = services as [StartedFrameService, StartedFrameService]
    return { database, mailbox: started, services, a: client(first.url), b: client(second.url), stop }
  } catch (error) {
    await stop()
    throw error
  }
}
