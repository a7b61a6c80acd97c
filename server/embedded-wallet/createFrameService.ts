/**
 * The embedded-wallet frame service as a Hono app: email login with codes and device
 * approval, sessions, the wallet's shares, the project's allowed origins, the frame page
 * and an RPC forwarder for the frame (see docs/server.md, "Embedded wallet frame
 * service"). Every rule that must hold across instances lives in the database.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod/mini'
import { BadRequest, HttpFailure } from '../api/httpErrors.js'
import { inputGuard } from '../api/inputGuard.js'
import { parseInput, readBody, readQuery } from '../api/parseInput.js'
import type { Database, DatabaseOption } from '../db/sqlClient.js'
import { connectionIp } from './clientIp.js'
import { CODE_TTL_SECONDS, issueCode, verifyCode } from './codes.js'
import { openFrameDatabase } from './database.js'
import { deviceSessionCheck } from './deviceSession.js'
import { type FrameErrorCode, FrameServiceError, frameErrors } from './errors.js'
import { channelStatus, createChannel, FarcasterRelayError } from './farcaster/relayClient.js'
import { FarcasterSignInError, verifyFarcasterSignIn } from './farcaster/verifySignIn.js'
import { frameContentSecurityPolicy, framePage, messagePage, STATIC_PAGE_POLICY } from './framePage.js'
import { purgeExpired } from './housekeeping.js'
import { logInOnDevice } from './logInOnDevice.js'
import { createMailer, type FrameMailer, type FrameSmtpOptions } from './mailer.js'
import { DEFAULT_FRAME_LIMITS, type FrameLimits, hitRateLimits } from './rateLimits.js'
import { forwardRpc, rpcCall } from './rpcForward.js'
import * as schemas from './schemas.js'
import { codeHasher, hashToken, newToken } from './secrets.js'
import { createSession, revokeSession, type Session } from './sessions.js'
import { createShareCipher, readShareKey } from './shareCipher.js'
import {
  authorizationUrl,
  exchangeCode,
  flowSecrets,
  newState,
  readSocialProviders,
  resultPage,
  SOCIAL_STATE_TTL_SECONDS,
  SocialLoginFailed,
  type SocialOptions,
  type SocialProfile,
  type SocialProvider,
} from './social.js'
import {
  createWallet,
  readAuthShare,
  readRecovery,
  storeAuthShare,
  walletAddresses,
  walletState,
} from './wallets.js'

export type FrameProject = {
  /** The origins that may embed the frame and log in through it, e.g. `https://app.example`. */
  allowedOrigins: readonly string[]
}

/** Sign In With Farcaster: where channels are opened, and the chain the Id Registry is read on. */
export type FarcasterOptions = {
  /** The auth relay, e.g. `https://relay.farcaster.xyz` (without `/v1`). */
  relayUrl: string
  /** An RPC of Optimism (chain id 10), where the fid's custody address is read. */
  rpcUrl: string
  /**
   * The domain the signed message must name (Sign In With Farcaster's `domain`). Default: the
   * host of the app origin the login started from, e.g. `app.example`.
   */
  domain?: string
}

/** How long a Farcaster login may take from start to finish. */
export const FARCASTER_FLOW_TTL_SECONDS = 10 * 60

export type CreateFrameServiceOptions = {
  /** Where users, codes, sessions and shares are kept; see `DatabaseOption`. Default: PGlite in memory. */
  database?: DatabaseOption
  /**
   * The service's URL as a browser reaches it (links in mail point here), e.g.
   * `https://frame.example`. Default: the origin of the request being answered.
   */
  publicUrl?: string
  /** The SMTP server mail goes through. */
  smtp: FrameSmtpOptions
  /** The projects served, by project id. */
  projects: Readonly<Record<string, FrameProject>>
  /** The RPC URL per CAIP-2 chain id (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`) for `/v1/rpc/:caip2`. */
  chains?: Readonly<Record<string, string>>
  /** 32 random bytes in base64: the key shares are encrypted with at rest (and codes hashed under). */
  shareKey: string
  /**
   * Social login: the providers offered and their client credentials. The provider
   * redirects back to `<publicUrl or the request's origin>/v1/social/callback`, which is
   * the redirect URI to register with each provider.
   */
  social?: SocialOptions
  /** Farcaster login (`/v1/farcaster/*`); absent, those routes answer FARCASTER_NOT_CONFIGURED. */
  farcaster?: FarcasterOptions
  /** Any of the limits to change; see `DEFAULT_FRAME_LIMITS`. */
  limits?: Partial<FrameLimits>
  /**
   * The caller's IP address for the per-IP limit. Default the connection's remote address;
   * behind a proxy, `clientIpFromHeader('x-forwarded-for')` (see clientIp.ts).
   */
  clientIp?: (c: Context) => string | undefined
  /** The frame's script for `/frame/frame.js` (404 while it answers undefined). Default: the bundle of frame/. */
  frameScript?: () => Promise<string | undefined>
  /** The clock, in ms since the epoch (tests move it; instances should run NTP). Default `Date.now`. */
  now?: () => number
}

export type FrameService = {
  app: Hono
  /**
   * Replaces a project's allowed origins (adding the project when new), for an app whose
   * origin is known only after the service started, as a dev server's port.
   *
   * @example service.setAllowedOrigins('demo', ['http://127.0.0.1:5173'])
   */
  setAllowedOrigins(projectId: string, origins: readonly string[]): void
  /** Ends waiting requests, closes the mailer and the database the service opened. */
  close(): Promise<void>
}

/** The largest body taken: shares and recovery material are a few hundred bytes. */
export const MAX_FRAME_REQUEST_BYTES = 64 * 1024

/** The largest RPC call taken: a signed transaction may carry a contract's code (a few hundred KiB). */
export const MAX_RPC_REQUEST_BYTES = 1024 * 1024

const DEVICE_WAIT_POLL_MS = 500

/** An http(s) origin in its canonical form; anything else is a set-up error. */
function canonicalOrigin(value: string, where: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.origin !== value.replace(/\/$/, '')
  )
    throw new Error(`frame service: ${where}: ${value} is not an http(s) origin such as https://app.example`)
  return url.origin
}

function readProjects(projects: CreateFrameServiceOptions['projects']): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [id, project] of Object.entries(projects)) {
    if (!z.safeParse(schemas.projectId, id).success)
      throw new Error(`frame service: project id ${JSON.stringify(id)} must be 1 to 128 characters`)
    out.set(
      id,
      project.allowedOrigins.map((origin) => canonicalOrigin(origin, `project ${id}`)),
    )
  }
  return out
}

function readFarcaster(options: FarcasterOptions | undefined): FarcasterOptions | undefined {
  if (options === undefined) return undefined
  for (const [where, url] of [
    ['relayUrl', options.relayUrl],
    ['rpcUrl', options.rpcUrl],
  ] as const)
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new Error(`frame service: farcaster.${where}: ${url} is not an http(s) URL`)
  if (options.domain !== undefined && !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(options.domain))
    throw new Error(`frame service: farcaster.domain: ${options.domain} is not a host such as app.example`)
  return { ...options }
}

/**
 * Whether `value` is an absolute http(s) URL of at most `maxLength` characters, as written:
 * it starts with the scheme (no leading blanks the URL parser would drop) and has no blanks.
 */
const isHttpUrl = (value: string, maxLength: number) =>
  value.length <= maxLength && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value)

/** A Sign In With Farcaster nonce: the relay takes 8 to 96 alphanumerics; this is 192 random bits in hex. */
const newFarcasterNonce = () => randomBytes(24).toString('hex')
/** The longest profile picture URL a Farcaster finish passes on. */
const MAX_PFP_URL_LENGTH = 2048

function readChains(chains: CreateFrameServiceOptions['chains'] = {}): Map<string, string> {
  const out = new Map<string, string>()
  for (const [id, url] of Object.entries(chains)) {
    if (!z.safeParse(schemas.caip2, id).success)
      throw new Error(`frame service: chain ${id} is not a CAIP-2 chain id`)
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new Error(`frame service: chain ${id}: ${url} is not an http(s) URL`)
    out.set(id, url)
  }
  return out
}

/** The frame's bundled script (frame/assets.ts: the prebuilt file, or bundled on first use). */
async function bundledFrameScript(): Promise<string> {
  // Loaded on the first request for it: a service that never serves the frame never reads it.
  const { loadFrameScript } = await import('./frame/assets.js')
  return loadFrameScript()
}

const normalizeEmail = (value: string) => value.trim().toLowerCase()

/**
 * @example
 * const service = await createFrameService({
 *   smtp: { host: '127.0.0.1', port: 2525, from: 'login@latchkit.test' },
 *   projects: { demo: { allowedOrigins: ['http://127.0.0.1:5173'] } },
 *   chains: { 'eip155:31337': 'http://127.0.0.1:8545' },
 *   shareKey: process.env.LATCHKIT_FRAME_SHARE_KEY ?? '',
 * })
 * const server = await listen(service.app.fetch, { port: 8794 })
 */
export async function createFrameService(options: CreateFrameServiceOptions): Promise<FrameService> {
  const key = readShareKey(options.shareKey)
  const projects = readProjects(options.projects)
  const chains = readChains(options.chains)
  const publicUrl =
    options.publicUrl === undefined ? undefined : canonicalOrigin(options.publicUrl, 'publicUrl')
  const limits: FrameLimits = { ...DEFAULT_FRAME_LIMITS, ...options.limits }
  const now = options.now ?? Date.now
  const clientIp = options.clientIp ?? connectionIp
  const loadFrameScript = options.frameScript ?? bundledFrameScript
  const cipher = await createShareCipher(key)
  const hashCode = codeHasher(key)
  const socialProviders = readSocialProviders(options.social)
  const deriveFlow = flowSecrets(key)
  const farcaster = readFarcaster(options.farcaster)
  const db: Database = await openFrameDatabase(options.database)
  const sql = db.sql
  const mailer: FrameMailer = createMailer(options.smtp)
  /** Aborted on close: ends every device wait under way. */
  const closing = new AbortController()
  let frameScript: Promise<string | undefined> | undefined
  /** When this instance last deleted what expired a day ago (at most once a minute). */
  let lastPurge = 0

  const fail = (c: Context, code: FrameErrorCode, message?: string, retryAfter?: number) => {
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
    return c.json(
      {
        code,
        message: message ?? frameErrors[code].message,
        ...(retryAfter !== undefined ? { retryAfter } : {}),
      },
      frameErrors[code].status as ContentfulStatusCode,
    )
  }

  const projectOrigins = (id: string): string[] => {
    const origins = projects.get(id)
    if (!origins) throw new FrameServiceError('UNKNOWN_PROJECT')
    return origins
  }

  const requireAllowedOrigin = (id: string, parentOrigin: string) => {
    if (!projectOrigins(id).includes(parentOrigin)) throw new FrameServiceError('ORIGIN_NOT_ALLOWED')
  }

  /** Counts a mail-sending request against the address, the caller's IP and the project. */
  const countMail = (c: Context, projectId: string, address: string) => {
    const ip = clientIp(c) ?? 'unknown'
    return hitRateLimits(sql, now(), limits.windowSeconds, [
      { bucket: `email:${projectId}:${address}`, limit: limits.perEmail },
      { bucket: `ip:${ip}`, limit: limits.perIp },
      { bucket: `project:${projectId}`, limit: limits.perProject },
    ])
  }

  /** Every route that acts on a session: the live session of the device the request names. */
  const requireSession = deviceSessionCheck({
    sql,
    now,
    originAllowed: (projectId, origin) => projects.get(projectId)?.includes(origin) ?? false,
  })

  const linkBase = (c: Context) => publicUrl ?? new URL(c.req.url).origin

  const sendLoginCode = async (projectId: string, email: string, deviceId: string, appOrigin: string) => {
    const code = await issueCode(sql, hashCode, now(), { projectId, purpose: 'login', email, deviceId })
    await mailer.send({ kind: 'login-code', to: email, code, appOrigin })
  }

  const app = new Hono()

  app.onError((error, c) => {
    if (error instanceof FrameServiceError) return fail(c, error.code, error.message, error.retryAfter)
    if (error instanceof HttpFailure && error.status === 413)
      return fail(c, 'PAYLOAD_TOO_LARGE', error.message)
    if (error instanceof BadRequest) return fail(c, 'BAD_REQUEST', error.message)
    console.error('[latchkit frame service]', error)
    return fail(c, 'INTERNAL')
  })
  app.notFound((c) => fail(c, 'NOT_FOUND'))
  const guard = inputGuard(MAX_FRAME_REQUEST_BYTES)
  const rpcGuard = inputGuard(MAX_RPC_REQUEST_BYTES)
  app.use('*', (c, next) => (c.req.path.startsWith('/v1/rpc/') ? rpcGuard(c, next) : guard(c, next)))
  // Only the frame, on this origin, posts here: a browser names the page that sent a POST,
  // and one from another origin is refused before any route runs. Scripts send no Origin.
  app.use('*', async (c, next) => {
    const from = c.req.header('origin')
    if (c.req.method === 'POST' && from !== undefined) {
      const host = URL.canParse(from) ? new URL(from).host : undefined
      // The public URL's origin too: a proxy in front may pass on another Host header.
      const own = host !== undefined && (host === c.req.header('host') || from === publicUrl)
      if (!own) throw new FrameServiceError('ORIGIN_NOT_ALLOWED')
    }
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    if (c.req.path.startsWith('/v1/') || c.req.path.startsWith('/projects/'))
      c.header('Cache-Control', 'no-store')
  })

  app.get('/frame', (c) => {
    const query = z.safeParse(schemas.projectQuery, c.req.query())
    const origins = query.success ? projects.get(query.data.projectId) : undefined
    if (!origins) {
      c.header('Content-Security-Policy', STATIC_PAGE_POLICY)
      return c.html(
        messagePage('Unknown project', 'No project with this id is configured on this service.'),
        400,
      )
    }
    c.header('Content-Security-Policy', frameContentSecurityPolicy(origins))
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cache-Control', 'no-cache')
    return c.html(framePage())
  })

  app.get('/frame/frame.js', async (c) => {
    frameScript ??= loadFrameScript().then((script) => {
      // Not cached while absent: it may be built while the service runs.
      if (script === undefined) frameScript = undefined
      return script
    })
    const script = await frameScript.catch((error: unknown) => {
      frameScript = undefined
      throw error
    })
    if (script === undefined) return fail(c, 'NOT_FOUND', 'The frame script is not built')
    c.header('Cache-Control', 'no-cache')
    return c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8' })
  })

  app.get('/projects/v1/origins', (c) => {
    const { projectId } = readQuery(c, schemas.projectQuery, 'GET /projects/v1/origins')
    return c.json({ allowedOrigins: projectOrigins(projectId) })
  })

  app.post('/v1/email/start', async (c) => {
    const body = await readBody(c, schemas.emailStartBody, 'POST /v1/email/start')
    const email = normalizeEmail(body.email)
    requireAllowedOrigin(body.projectId, body.parentOrigin)
    await countMail(c, body.projectId, email)
    if (now() - lastPurge > 60_000) {
      lastPurge = now()
      await purgeExpired(sql, lastPurge)
    }
    const { rows } = await sql.query<{ id: string; known: boolean }>(
      `SELECT u.id, EXISTS (SELECT 1 FROM ew_devices d WHERE d.user_id = u.id AND d.device_id = $3) AS known
       FROM ew_users u WHERE u.project_id = $1 AND u.email = $2`,
      [body.projectId, email, body.deviceId],
    )
    const user = rows[0]
    if (user && !user.known) {
      const token = newToken()
      const at = now()
      await sql.query(
        `INSERT INTO ew_device_approvals (token_hash, project_id, user_id, email, device_id, parent_origin, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
        [
          hashToken(token),
          body.projectId,
          user.id,
          email,
          body.deviceId,
          body.parentOrigin,
          new Date(at).toISOString(),
          new Date(at + CODE_TTL_SECONDS * 1000).toISOString(),
        ],
      )
      const link = `${linkBase(c)}/v1/device/approve?token=${token}`
      await mailer.send({ kind: 'device-link', to: email, link, appOrigin: body.parentOrigin })
      return c.json({ action: 'VERIFY_DEVICE' as const })
    }
    await sendLoginCode(body.projectId, email, body.deviceId, body.parentOrigin)
    return c.json({ action: 'VERIFY_OTP' as const })
  })

  app.get('/v1/device/approve', async (c) => {
    c.header('Content-Security-Policy', STATIC_PAGE_POLICY)
    c.header('Referrer-Policy', 'no-referrer')
    const query = z.safeParse(schemas.approveQuery, c.req.query())
    const at = new Date(now()).toISOString()
    const { rows } = query.success
      ? await sql.query<{
          project_id: string
          user_id: string
          email: string
          device_id: string
          parent_origin: string
        }>(
          `UPDATE ew_device_approvals SET approved_at = $2::timestamptz
           WHERE token_hash = $1 AND approved_at IS NULL AND expires_at > $2::timestamptz
           RETURNING project_id, user_id, email, device_id, parent_origin`,
          [hashToken(query.data.token), at],
        )
      : { rows: [] }
    const approval = rows[0]
    if (!approval)
      return c.html(
        messagePage(
          'This link does not work',
          'It has expired or was already used. Log in again to get a new one.',
        ),
        400,
      )
    await sql.query(
      `INSERT INTO ew_devices (user_id, device_id, approved_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (user_id, device_id) DO NOTHING`,
      [approval.user_id, approval.device_id, at],
    )
    try {
      await sendLoginCode(approval.project_id, approval.email, approval.device_id, approval.parent_origin)
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

  app.post('/v1/device/wait', async (c) => {
    const body = await readBody(c, schemas.deviceWaitBody, 'POST /v1/device/wait')
    projectOrigins(body.projectId)
    const email = normalizeEmail(body.email)
    const deadline = Date.now() + limits.deviceWaitMs
    const hangUp = c.req.raw.signal
    for (;;) {
      const { rows } = await sql.query(
        `SELECT 1 FROM ew_device_approvals
         WHERE project_id = $1 AND email = $2 AND device_id = $3
           AND approved_at IS NOT NULL AND approved_at > $4::timestamptz
         LIMIT 1`,
        [body.projectId, email, body.deviceId, new Date(now() - CODE_TTL_SECONDS * 1000).toISOString()],
      )
      if (rows.length > 0) return c.json({ approved: true })
      const left = deadline - Date.now()
      if (left <= 0 || closing.signal.aborted || hangUp.aborted) return c.json({ approved: false })
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          closing.signal.removeEventListener('abort', done)
          resolve()
        }
        const timer = setTimeout(done, Math.min(DEVICE_WAIT_POLL_MS, left))
        closing.signal.addEventListener('abort', done)
      })
    }
  })

  app.post('/v1/email/verify', async (c) => {
    const body = await readBody(c, schemas.emailVerifyBody, 'POST /v1/email/verify')
    const email = normalizeEmail(body.email)
    requireAllowedOrigin(body.projectId, body.parentOrigin)
    const target = { projectId: body.projectId, purpose: 'login' as const, email, deviceId: body.deviceId }
    await verifyCode(sql, hashCode, now(), target, body.otp)
    const at = new Date(now()).toISOString()
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO ew_users (id, project_id, email, created_at) VALUES ($1, $2, $3, $4::timestamptz)
       ON CONFLICT (project_id, email) DO UPDATE SET email = EXCLUDED.email
       RETURNING id`,
      [randomUUID(), body.projectId, email, at],
    )
    const userId = (rows[0] as { id: string }).id
    await sql.query(
      `INSERT INTO ew_devices (user_id, device_id, approved_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (user_id, device_id) DO NOTHING`,
      [userId, body.deviceId, at],
    )
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

  /** The session user's login email; a social-only user has none to update. */
  const loginEmail = (session: Session): string => {
    if (session.email === null) throw new FrameServiceError('NO_LOGIN_EMAIL')
    return session.email
  }

  const sessionAnswer = async (session: Session) => {
    const addresses = await walletAddresses(sql, session.userId)
    return {
      user: { id: session.userId, email: session.email },
      wallet: await walletState(sql, session.userId, session.deviceId),
      addresses: addresses ?? {},
    }
  }

  app.get('/v1/session', async (c) => {
    const { session } = await requireSession(c)
    return c.json(await sessionAnswer(session))
  })

  app.post('/v1/session/revoke', async (c) => {
    const { token } = await requireSession(c)
    if (!(await revokeSession(sql, now(), token))) throw new FrameServiceError('NO_SESSION')
    return c.json({})
  })

  app.post('/v1/wallet', async (c) => {
    const { session } = await requireSession(c, { fresh: true })
    const body = await readBody(c, schemas.createWalletBody, 'POST /v1/wallet')
    await createWallet(sql, cipher, now(), {
      userId: session.userId,
      deviceId: session.deviceId,
      authShare: body.authShare,
      encryptedShare: body.recovery.encryptedShare,
      kdf: body.recovery.kdf,
      serverRecoveryShare: body.serverRecoveryShare,
      addresses: body.addresses,
    })
    return c.json({})
  })

  // A live session of this device, from an allowed origin, is enough for its own auth
  // share: that is how a reload reconnects without a new code (the device share never
  // leaves the device). What can rebuild the key elsewhere (recovery, a new device's share,
  // the first wallet) needs a login within the last ten minutes.
  app.post('/v1/wallet/auth-share', async (c) => {
    const { session } = await requireSession(c)
    return c.json({ authShare: await readAuthShare(sql, cipher, session.userId, session.deviceId) })
  })

  app.post('/v1/wallet/recovery', async (c) => {
    const { session } = await requireSession(c, { fresh: true })
    return c.json(await readRecovery(sql, cipher, session.userId))
  })

  app.post('/v1/wallet/device', async (c) => {
    const { session } = await requireSession(c, { fresh: true })
    const body = await readBody(c, schemas.deviceShareBody, 'POST /v1/wallet/device')
    await storeAuthShare(sql, cipher, now(), {
      userId: session.userId,
      deviceId: session.deviceId,
      authShare: body.authShare,
    })
    return c.json({})
  })

  app.post('/v1/email/update/start', async (c) => {
    const body = await readBody(c, schemas.updateStartBody, 'POST /v1/email/update/start')
    const { session } = await requireSession(c)
    const currentEmail = loginEmail(session)
    const newEmail = normalizeEmail(body.email)
    if (newEmail === currentEmail) throw new FrameServiceError('EMAIL_UNCHANGED')
    const { rows } = await sql.query('SELECT 1 FROM ew_users WHERE project_id = $1 AND email = $2', [
      session.projectId,
      newEmail,
    ])
    if (rows.length > 0) throw new FrameServiceError('EMAIL_TAKEN')
    await countMail(c, session.projectId, currentEmail)
    const code = await issueCode(sql, hashCode, now(), {
      projectId: session.projectId,
      purpose: 'update-primary',
      email: currentEmail,
      deviceId: session.deviceId,
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
  })

  app.post('/v1/email/update/primary', async (c) => {
    const body = await readBody(c, schemas.updateOtpBody, 'POST /v1/email/update/primary')
    const { session } = await requireSession(c)
    const { newEmail } = await verifyCode(
      sql,
      hashCode,
      now(),
      {
        projectId: session.projectId,
        purpose: 'update-primary',
        email: loginEmail(session),
        deviceId: session.deviceId,
      },
      body.otp,
    )
    if (!newEmail) throw new FrameServiceError('OTP_NOT_FOUND')
    await countMail(c, session.projectId, newEmail)
    const code = await issueCode(sql, hashCode, now(), {
      projectId: session.projectId,
      purpose: 'update-secondary',
      email: newEmail,
      deviceId: session.deviceId,
      userId: session.userId,
    })
    await mailer.send({ kind: 'update-new', to: newEmail, code, appOrigin: session.parentOrigin })
    return c.json({ action: 'VERIFY_SECONDARY_OTP' as const })
  })

  app.post('/v1/email/update/secondary', async (c) => {
    const body = await readBody(c, schemas.updateOtpBody, 'POST /v1/email/update/secondary')
    const { session } = await requireSession(c)
    // The address the second code went to: the newest such code of this user on this device.
    const { rows } = await sql.query<{ email: string }>(
      `SELECT email FROM ew_codes WHERE project_id = $1 AND purpose = 'update-secondary' AND user_id = $2 AND device_id = $3
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [session.projectId, session.userId, session.deviceId],
    )
    const newEmail = rows[0]?.email
    if (!newEmail) throw new FrameServiceError('OTP_NOT_FOUND')
    await verifyCode(
      sql,
      hashCode,
      now(),
      {
        projectId: session.projectId,
        purpose: 'update-secondary',
        email: newEmail,
        deviceId: session.deviceId,
      },
      body.otp,
    )
    try {
      await sql.query('UPDATE ew_users SET email = $2 WHERE id = $1', [session.userId, newEmail])
    } catch (error) {
      // Another user took the address between the start and now.
      if ((error as { code?: string }).code === '23505') throw new FrameServiceError('EMAIL_TAKEN')
      throw error
    }
    return c.json({ email: newEmail })
  })

  // Social login. start: the authorization URL, its state stored hashed and bound to the
  // project, device and app origin. callback: the provider's redirect; the state is used
  // up by one UPDATE before anything else, so a replayed or forged callback changes
  // nothing. finish: the frame trades the one-time result for a session, as email verify.
  const socialProvider = (name: string) => {
    const provider = socialProviders.get(name as SocialProvider)
    if (!provider) throw new FrameServiceError('UNKNOWN_PROVIDER')
    return provider
  }

  app.post('/v1/social/start', async (c) => {
    const body = await readBody(c, schemas.socialStartBody, 'POST /v1/social/start')
    requireAllowedOrigin(body.projectId, body.parentOrigin)
    const provider = socialProvider(body.provider)
    // With a session, the new identity is linked to its user (who chose to link); an
    // identity is never joined to a user for having the same email.
    let linkUserId: string | null = null
    if (c.req.header('authorization') !== undefined) {
      const { session } = await requireSession(c, { fresh: true })
      if (session.projectId !== body.projectId) throw new FrameServiceError('NO_SESSION')
      // The flow is bound to the device the body names: the session's own.
      if (session.deviceId !== body.deviceId) throw new FrameServiceError('DEVICE_MISMATCH')
      linkUserId = session.userId
    }
    const ip = clientIp(c) ?? 'unknown'
    await hitRateLimits(sql, now(), limits.windowSeconds, [
      { bucket: `social-ip:${ip}`, limit: limits.perIp },
    ])
    const state = newState()
    const redirectUri = `${linkBase(c)}/v1/social/callback`
    let url: URL
    try {
      url = await authorizationUrl(provider, redirectUri, state, deriveFlow(state))
    } catch {
      throw new FrameServiceError('PROVIDER_UNAVAILABLE')
    }
    const at = now()
    await sql.query(
      `INSERT INTO ew_social_flows (state_hash, project_id, provider, device_id, parent_origin, redirect_uri, link_user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
      [
        hashToken(state),
        body.projectId,
        provider.name,
        body.deviceId,
        body.parentOrigin,
        redirectUri,
        linkUserId,
        new Date(at).toISOString(),
        new Date(at + SOCIAL_STATE_TTL_SECONDS * 1000).toISOString(),
      ],
    )
    return c.json({ url: url.href })
  })

  /** The user of an identity: found, linked to the flow's user, or made; throws IDENTITY_TAKEN. */
  const userForIdentity = async (
    flow: { project_id: string; provider: string; link_user_id: string | null },
    issuer: string,
    profile: SocialProfile,
  ): Promise<string> => {
    const at = new Date(now()).toISOString()
    const key = [flow.project_id, issuer, profile.subject]
    const existing = async () => {
      const { rows } = await sql.query<{ user_id: string }>(
        'SELECT user_id FROM ew_identities WHERE project_id = $1 AND issuer = $2 AND subject = $3',
        key,
      )
      return rows[0]?.user_id
    }
    const insertValues = [
      ...key,
      flow.provider,
      profile.email ?? null,
      profile.emailVerified,
      profile.name ?? null,
      at,
    ]
    let userId = await existing()
    if (userId === undefined && flow.link_user_id !== null) {
      const { rows } = await sql.query<{ user_id: string }>(
        `INSERT INTO ew_identities (project_id, issuer, subject, provider, email, email_verified, name, created_at, last_login_at, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $8::timestamptz, $9)
         ON CONFLICT (project_id, issuer, subject) DO NOTHING RETURNING user_id`,
        [...insertValues, flow.link_user_id],
      )
      userId = rows[0]?.user_id ?? (await existing())
    } else if (userId === undefined) {
      // One statement makes the identity and, only when the identity is new, its user:
      // two first logins of one person at once end with one user.
      const { rows } = await sql.query<{ id: string }>(
        `WITH identity AS (
           INSERT INTO ew_identities (project_id, issuer, subject, provider, email, email_verified, name, created_at, last_login_at, user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $8::timestamptz, $9)
           ON CONFLICT (project_id, issuer, subject) DO NOTHING RETURNING user_id
         )
         INSERT INTO ew_users (id, project_id, email, created_at)
         SELECT user_id, $1, NULL, $8::timestamptz FROM identity RETURNING id`,
        [...insertValues, randomUUID()],
      )
      userId = rows[0]?.id ?? (await existing())
    }
    if (userId === undefined) throw new Error('frame service: an identity vanished while it was read')
    if (flow.link_user_id !== null && userId !== flow.link_user_id)
      throw new FrameServiceError('IDENTITY_TAKEN')
    // What the provider says of the person now (kept for display: nothing is decided by it).
    await sql.query(
      `UPDATE ew_identities SET email = $4, email_verified = $5, name = $6, last_login_at = $7::timestamptz
       WHERE project_id = $1 AND issuer = $2 AND subject = $3`,
      [...key, profile.email ?? null, profile.emailVerified, profile.name ?? null, at],
    )
    return userId
  }

  app.get('/v1/social/callback', async (c) => {
    c.header('Referrer-Policy', 'no-referrer')
    const refuse = (status: 400 | 502, title: string, text: string) => {
      c.header('Content-Security-Policy', STATIC_PAGE_POLICY)
      return c.html(messagePage(title, text), status)
    }
    const query = z.safeParse(schemas.socialCallbackQuery, c.req.query())
    if (!query.success)
      return refuse(400, 'This login link does not work', 'Start the login again from the app.')
    const at = new Date(now()).toISOString()
    const { rows } = await sql.query<{
      project_id: string
      provider: string
      device_id: string
      parent_origin: string
      redirect_uri: string
      link_user_id: string | null
    }>(
      `UPDATE ew_social_flows SET called_back_at = $2::timestamptz
       WHERE state_hash = $1 AND called_back_at IS NULL AND expires_at > $2::timestamptz
       RETURNING project_id, provider, device_id, parent_origin, redirect_uri, link_user_id`,
      [hashToken(query.data.state), at],
    )
    const flow = rows[0]
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
      userId = await userForIdentity(flow, provider.issuer, profile)
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
    await sql.query(
      `UPDATE ew_social_flows SET user_id = $2, result_hash = $3, result_expires_at = $4::timestamptz WHERE state_hash = $1`,
      [
        hashToken(query.data.state),
        userId,
        hashToken(result),
        new Date(now() + SOCIAL_STATE_TTL_SECONDS * 1000).toISOString(),
      ],
    )
    return answer(200, { result }, 'You are logged in. Go back to the app.')
  })

  app.post('/v1/social/finish', async (c) => {
    const body = await readBody(c, schemas.socialFinishBody, 'POST /v1/social/finish')
    const at = new Date(now()).toISOString()
    const { rows } = await sql.query<{ user_id: string; parent_origin: string; provider: string }>(
      `UPDATE ew_social_flows SET finished_at = $4::timestamptz
       WHERE result_hash = $1 AND project_id = $2 AND device_id = $3
         AND finished_at IS NULL AND result_expires_at > $4::timestamptz
       RETURNING user_id, parent_origin, provider`,
      [hashToken(body.result), body.projectId, body.deviceId, at],
    )
    const flow = rows[0]
    if (!flow) throw new FrameServiceError('SOCIAL_RESULT_INVALID')
    // The origin may have been taken off the project since the flow started.
    requireAllowedOrigin(body.projectId, flow.parent_origin)
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

  // Farcaster login. start: a channel at the relay for a nonce made here (stored hashed), the
  // flow bound to the project, device and app origin under an opaque id; the relay's channel
  // token never leaves the service. finish: the relay's status for that flow; once the
  // person approved, the flow is used up by one UPDATE before the signature is checked (the
  // relay hands a result out once), then the verifier decides: the message must name the
  // flow's domain and nonce and be signed by the fid's custody address on chain 10.
  const requireFarcaster = (): FarcasterOptions => {
    if (!farcaster) throw new FrameServiceError('FARCASTER_NOT_CONFIGURED')
    return farcaster
  }

  app.post('/v1/farcaster/start', async (c) => {
    const body = await readBody(c, schemas.farcasterStartBody, 'POST /v1/farcaster/start')
    requireAllowedOrigin(body.projectId, body.parentOrigin)
    const config = requireFarcaster()
    const ip = clientIp(c) ?? 'unknown'
    await hitRateLimits(sql, now(), limits.windowSeconds, [
      { bucket: `farcaster-ip:${ip}`, limit: limits.perIp },
    ])
    const at = now()
    const expiresAt = new Date(at + FARCASTER_FLOW_TTL_SECONDS * 1000).toISOString()
    const domain = config.domain ?? new URL(body.parentOrigin).host
    const nonce = newFarcasterNonce()
    let channel: Awaited<ReturnType<typeof createChannel>>
    try {
      channel = await createChannel(
        { relayUrl: config.relayUrl },
        // The message expires with the flow: a signature outlives neither.
        { siweUri: body.parentOrigin, domain, nonce, expirationTime: expiresAt },
      )
    } catch (error) {
      if (error instanceof FarcasterRelayError) throw new FrameServiceError('RELAY_UNAVAILABLE')
      throw error
    }
    // A relay that swapped the nonce, or hands out something else than a sign-in URI, is not used.
    if (channel.nonce !== nonce || !channel.url.startsWith('farcaster://'))
      throw new FrameServiceError('RELAY_UNAVAILABLE')
    const channelId = newToken()
    await sql.query(
      `INSERT INTO ew_farcaster_flows (id_hash, project_id, device_id, parent_origin, domain, channel_token, nonce_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
      [
        hashToken(channelId),
        body.projectId,
        body.deviceId,
        body.parentOrigin,
        domain,
        channel.channelToken,
        hashToken(nonce),
        new Date(at).toISOString(),
        expiresAt,
      ],
    )
    return c.json({ url: channel.url, channelId })
  })

  app.post('/v1/farcaster/finish', async (c) => {
    const body = await readBody(c, schemas.farcasterFinishBody, 'POST /v1/farcaster/finish')
    const config = requireFarcaster()
    const idHash = hashToken(body.channelId)
    // Another device's finish never reaches the relay: it would read (and so use up) the result.
    const { rows } = await sql.query<{
      parent_origin: string
      domain: string
      channel_token: string
      nonce_hash: string
      expired: boolean
      used: boolean
    }>(
      `SELECT parent_origin, domain, channel_token, nonce_hash,
              expires_at <= $4::timestamptz AS expired, used_at IS NOT NULL AS used
       FROM ew_farcaster_flows WHERE id_hash = $1 AND project_id = $2 AND device_id = $3`,
      [idHash, body.projectId, body.deviceId, new Date(now()).toISOString()],
    )
    const flow = rows[0]
    if (!flow || flow.used) throw new FrameServiceError('FARCASTER_FLOW_INVALID')
    if (flow.expired) throw new FrameServiceError('FARCASTER_FLOW_EXPIRED')
    // The origin may have been taken off the project since the flow started.
    requireAllowedOrigin(body.projectId, flow.parent_origin)
    let status: Awaited<ReturnType<typeof channelStatus>>
    try {
      status = await channelStatus({ relayUrl: config.relayUrl }, flow.channel_token)
    } catch (error) {
      if (error instanceof FarcasterRelayError) throw new FrameServiceError('RELAY_UNAVAILABLE')
      throw error
    }
    if (status.state === 'pending') return c.json({ state: 'pending' as const })
    // The relay forgot the channel (its own expiry) or handed the result to another finish.
    if (status.state === 'gone') throw new FrameServiceError('FARCASTER_FLOW_EXPIRED')
    const at = new Date(now()).toISOString()
    const used = await sql.query(
      `UPDATE ew_farcaster_flows SET used_at = $2::timestamptz
       WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING 1`,
      [idHash, at],
    )
    if (used.rows.length === 0) throw new FrameServiceError('FARCASTER_FLOW_INVALID')
    // The nonce the relay reports must be the one made here; the verifier then holds the
    // signed message to it.
    if (hashToken(status.nonce) !== flow.nonce_hash) throw new FrameServiceError('FARCASTER_SIGNIN_INVALID')
    let fid: number
    try {
      ;({ fid } = await verifyFarcasterSignIn({
        message: status.message,
        signature: status.signature,
        fid: status.fid,
        domain: flow.domain,
        nonce: status.nonce,
        rpcUrl: config.rpcUrl,
      }))
    } catch (error) {
      if (!(error instanceof FarcasterSignInError)) throw error
      if (error.code === 'NOT_CUSTODY') throw new FrameServiceError('FARCASTER_NOT_CUSTODY')
      if (error.code === 'CHAIN_UNAVAILABLE') throw new FrameServiceError('CHAIN_UNAVAILABLE')
      throw new FrameServiceError(
        'FARCASTER_SIGNIN_INVALID',
        `${frameErrors.FARCASTER_SIGNIN_INVALID.message} (${error.code})`,
      )
    }
    // The username is the relay's (a hub's) word, kept for display; the fid is what was
    // signed. One longer than any fname or ENS name is dropped rather than passed on.
    const username = status.username !== undefined && status.username.length <= 256 ? status.username : null
    // The profile picture is the relay's word too, passed on for display only (not stored):
    // an http(s) URL of at most 2048 characters, anything else (javascript:, data:) is null.
    const pfpUrl =
      status.pfpUrl !== undefined && isHttpUrl(status.pfpUrl, MAX_PFP_URL_LENGTH) ? status.pfpUrl : null
    const userId = await userForIdentity(
      { project_id: body.projectId, provider: 'farcaster', link_user_id: null },
      'farcaster',
      { subject: String(fid), emailVerified: false, ...(username !== null ? { name: username } : {}) },
    )
    await sql.query('UPDATE ew_farcaster_flows SET user_id = $2 WHERE id_hash = $1', [idHash, userId])
    const login = await logInOnDevice(sql, now, {
      userId,
      projectId: body.projectId,
      deviceId: body.deviceId,
      parentOrigin: flow.parent_origin,
      approvedAt: at,
    })
    return c.json({
      state: 'completed' as const,
      ...login,
      provider: 'farcaster' as const,
      parentOrigin: flow.parent_origin,
      fid,
      username,
      pfpUrl,
    })
  })

  // Only a logged-in frame reads and sends through here (it asks only once the keys are
  // unlocked, which takes a session): without one, the forwarder would be an open relay to
  // the configured RPCs, their keys and quotas.
  app.post('/v1/rpc/:caip2', async (c) => {
    await requireSession(c)
    const chain = parseInput(schemas.caip2, c.req.param('caip2'), 'POST /v1/rpc/:caip2')
    const rpcUrl = chains.get(chain)
    if (!rpcUrl) throw new FrameServiceError('UNKNOWN_CHAIN')
    const call = await readBody(c, rpcCall, `POST /v1/rpc/${chain}`)
    const { status, body } = await forwardRpc(rpcUrl, chain, call)
    return c.body(body, status as 200, { 'content-type': 'application/json' })
  })

  let closed: Promise<void> | undefined
  return {
    app,
    setAllowedOrigins(projectId, origins) {
      for (const [id, allowed] of readProjects({ [projectId]: { allowedOrigins: origins } }))
        projects.set(id, allowed)
    },
    close() {
      closed ??= (async () => {
        closing.abort()
        mailer.close()
        await db.close()
      })()
      return closed
    },
  }
}
