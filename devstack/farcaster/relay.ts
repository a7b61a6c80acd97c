/**
 * A local Farcaster auth relay: the open relay protocol that `@farcaster/auth-client` and
 * AuthKit speak to relay.farcaster.xyz, for Sign In With Farcaster without the network.
 *
 * - `POST /v1/channel` (alias `/v1/connect`) `{ siweUri, domain, nonce?, notBefore?,
 *   expirationTime?, requestId?, redirectUrl?, acceptAuthAddress? }` answers 201
 *   `{ channelToken, url, connectUri, nonce }`; `url` is the `farcaster://connect?...` sign-in
 *   URI a Farcaster app opens (the channel token, the nonce and every request field).
 * - `POST /v1/channel/authenticate` (alias `/v1/connect/authenticate`), with
 *   `Authorization: Bearer <channelToken>` and `X-Farcaster-Auth-Relay-Key: <authKey>` (the
 *   Farcaster app's key), `{ message, signature, fid, authMethod?, username?, bio?,
 *   displayName?, pfpUrl? }`: records the signed message; answers 201 with the status body.
 * - `GET /v1/channel/status` (alias `/v1/connect/status`) with the Bearer token: 202
 *   `{ state: 'pending', ... }` until authenticated, then 200 `{ state: 'completed', message,
 *   signature, fid, ... }` once, after which the channel is closed.
 *
 * Channels live in memory for `ttlMs` (default 5 minutes). An unknown, expired or closed
 * channel, or a wrong relay key, is 401; bad input is 400 JSON `{ error, message }`; the
 * relay never verifies signatures (the app server does, as with the real relay).
 */
import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { parseSiweMessage } from 'viem/siwe'
import * as z from 'zod/mini'
import { listen } from '../../server/http/listen.js'

export type StartFarcasterRelayOptions = {
  /** Default: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** How long a channel lives after it is created. Default 5 minutes. */
  ttlMs?: number
  /** The key a Farcaster app must send as `X-Farcaster-Auth-Relay-Key`. Default the dev key. */
  authKey?: string
  /** Origins allowed to call the relay from a page. Default every origin (`*`). */
  corsOrigins?: string[] | '*'
  /** Where sign-in URIs point. Default `farcaster://connect`. */
  connectUriBase?: string
  /** The clock, for tests of expiry. Default `Date.now`. */
  now?: () => number
}

export type FarcasterRelay = {
  /** e.g. `http://127.0.0.1:43123`, without a trailing slash; the API is under `/v1`. */
  url: string
  port: number
  /** The relay key the dev Farcaster app sends. */
  authKey: string
  /** Channels open now (pending or completed and not yet read), for tests. */
  openChannels(): number
  /** Stops listening; resolves once closed. Safe to call twice. */
  stop(): Promise<void>
}

/** The relay key of the dev Farcaster app. DEV ONLY: public on purpose. */
export const DEV_FARCASTER_RELAY_KEY = 'latchkit-dev-farcaster-app-key'

const MAX_CHANNELS = 10_000

// A SIWE nonce is at least 8 alphanumeric characters (EIP-4361).
const nonceSchema = z.string().check(z.regex(/^[a-zA-Z0-9]{8,96}$/, 'must be 8 to 96 letters or digits'))
const isoDate = z.iso.datetime({ offset: true })
const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
const httpUrl = z.string().check(z.maxLength(2048), z.refine(isHttpUrl, 'must be an http(s) URL'))

const createChannelSchema = z.strictObject({
  siweUri: httpUrl,
  domain: z.string().check(z.regex(/^[a-zA-Z0-9.-]{1,253}(:[0-9]{1,5})?$/, 'must be a host[:port]')),
  nonce: z.optional(nonceSchema),
  notBefore: z.optional(isoDate),
  expirationTime: z.optional(isoDate),
  requestId: z.optional(z.string().check(z.maxLength(256))),
  redirectUrl: z.optional(httpUrl),
  acceptAuthAddress: z.optional(z.boolean()),
})

const authenticateSchema = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(8192)),
  signature: z.string().check(z.regex(/^0x[a-fA-F0-9]{130}$/, 'must be a 65-byte 0x signature')),
  fid: z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  authMethod: z.optional(z.enum(['custody', 'authAddress'])),
  username: z.optional(
    z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/, 'not a Farcaster username')),
  ),
  bio: z.optional(z.string().check(z.maxLength(1024))),
  displayName: z.optional(z.string().check(z.maxLength(256))),
  pfpUrl: z.optional(httpUrl),
})

type CreateChannelRequest = z.infer<typeof createChannelSchema>
type AuthenticateRequest = z.infer<typeof authenticateSchema>

type Channel = {
  expiresAt: number
  state: 'pending' | 'completed'
  nonce: string
  url: string
  request: CreateChannelRequest
  metadata: { ip: string; userAgent: string }
  auth?: AuthenticateRequest
}

const problem = (c: Context, status: 400 | 401 | 404 | 409 | 413 | 415, error: string, message: string) =>
  c.json({ error, message }, status)

const bearer = (c: Context): string | undefined => {
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(c.req.header('authorization') ?? '')
  return match?.[1]
}

async function readJson(
  c: Context,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    return { ok: false, response: problem(c, 415, 'Unsupported Media Type', 'send application/json') }
  }
  try {
    return { ok: true, body: await c.req.json() }
  } catch {
    return { ok: false, response: problem(c, 400, 'Validation error', 'the body is not JSON') }
  }
}

const issues = (error: z.core.$ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')

/** What status and authenticate answer: the channel as `@farcaster/auth-client` reads it. */
function statusBody(channel: Channel) {
  const { request, auth } = channel
  return {
    state: channel.state,
    nonce: channel.nonce,
    url: channel.url,
    ...(auth
      ? {
          message: auth.message,
          signature: auth.signature,
          authMethod: auth.authMethod ?? 'custody',
          fid: auth.fid,
          username: auth.username,
          bio: auth.bio,
          displayName: auth.displayName,
          pfpUrl: auth.pfpUrl,
          verifications: [],
        }
      : {}),
    signatureParams: {
      siweUri: request.siweUri,
      domain: request.domain,
      nonce: channel.nonce,
      notBefore: request.notBefore,
      expirationTime: request.expirationTime,
      requestId: request.requestId,
      redirectUrl: request.redirectUrl,
    },
    metadata: channel.metadata,
    acceptAuthAddress: request.acceptAuthAddress ?? true,
  }
}

/**
 * Starts the relay on 127.0.0.1 (a free port by default).
 *
 * @example
 * const relay = await startFarcasterRelay()
 * const res = await fetch(`${relay.url}/v1/channel`, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ siweUri: 'https://app.example/login', domain: 'app.example' }),
 * })
 * const { channelToken, url } = await res.json() // url: farcaster://connect?channelToken=...
 * await relay.stop()
 */
export async function startFarcasterRelay(options: StartFarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const ttlMs = options.ttlMs ?? 5 * 60_000
  const authKey = options.authKey ?? DEV_FARCASTER_RELAY_KEY
  const connectUriBase = options.connectUriBase ?? 'farcaster://connect'
  const now = options.now ?? Date.now
  const channels = new Map<string, Channel>()

  const sweep = () => {
    const at = now()
    for (const [token, channel] of channels) if (channel.expiresAt <= at) channels.delete(token)
  }
  /** The live channel of the request's Bearer token, or undefined (unknown, expired, closed). */
  const channelOf = (c: Context): { token: string; channel: Channel } | undefined => {
    const token = bearer(c)
    const channel = token === undefined ? undefined : channels.get(token)
    if (!token || !channel) return undefined
    if (channel.expiresAt <= now()) {
      channels.delete(token)
      return undefined
    }
    return { token, channel }
  }
  const unauthorized = (c: Context) =>
    problem(c, 401, 'Unauthorized', 'no open channel for this token (unknown, expired or already read)')

  const app = new Hono()
  const origins = options.corsOrigins ?? '*'
  app.use(
    '*',
    cors({
      origin: origins === '*' ? '*' : origins,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'X-Farcaster-Auth-Relay-Key',
        'X-Farcaster-Connect-Auth-Key',
      ],
      maxAge: 600,
    }),
  )
  app.use(
    '*',
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) => problem(c, 413, 'Payload Too Large', 'the body is over 16 KiB'),
    }),
  )

  const createChannel = async (c: Context) => {
    const read = await readJson(c)
    if (!read.ok) return read.response
    const parsed = createChannelSchema.safeParse(read.body)
    if (!parsed.success) return problem(c, 400, 'Validation error', issues(parsed.error))
    sweep()
    if (channels.size >= MAX_CHANNELS) {
      // Refusing is kinder than evicting a channel someone is signing into right now.
      return c.json({ error: 'Too Many Requests', message: 'too many open channels' }, 429)
    }
    const request = parsed.data
    const channelToken = randomBytes(24).toString('base64url')
    const nonce = request.nonce ?? randomBytes(12).toString('hex')
    const query = new URLSearchParams({ channelToken, nonce })
    for (const [key, value] of Object.entries(request)) {
      if (key !== 'nonce' && value !== undefined) query.set(key, String(value))
    }
    const url = `${connectUriBase}?${query}`
    channels.set(channelToken, {
      expiresAt: now() + ttlMs,
      state: 'pending',
      nonce,
      url,
      request,
      metadata: {
        ip: c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1',
        userAgent: c.req.header('user-agent') ?? '',
      },
    })
    return c.json({ channelToken, url, connectUri: url, nonce }, 201)
  }

  const authenticate = async (c: Context) => {
    const key = c.req.header('x-farcaster-auth-relay-key') ?? c.req.header('x-farcaster-connect-auth-key')
    if (key !== authKey) return problem(c, 401, 'Unauthorized', 'wrong or missing relay key')
    const found = channelOf(c)
    if (!found) return unauthorized(c)
    const read = await readJson(c)
    if (!read.ok) return read.response
    const parsed = authenticateSchema.safeParse(read.body)
    if (!parsed.success) return problem(c, 400, 'Validation error', issues(parsed.error))
    const { channel } = found
    if (channel.state === 'completed') {
      return problem(c, 409, 'Conflict', 'this channel is already authenticated')
    }
    // The relay does not verify the signature (the app does), but a message for another
    // request is a client bug worth telling at once rather than at verification.
    let siwe: ReturnType<typeof parseSiweMessage>
    try {
      siwe = parseSiweMessage(parsed.data.message)
    } catch {
      return problem(c, 400, 'Validation error', 'message: not a SIWE message')
    }
    if (siwe.nonce !== channel.nonce || siwe.domain !== channel.request.domain) {
      return problem(c, 400, 'Validation error', "message: its domain or nonce is not this channel's")
    }
    channel.state = 'completed'
    channel.auth = parsed.data
    return c.json(statusBody(channel), 201)
  }

  const status = (c: Context) => {
    const found = channelOf(c)
    if (!found) return unauthorized(c)
    const { token, channel } = found
    if (channel.state === 'pending') return c.json(statusBody(channel), 202)
    // Completed: answered once, then closed, as the real relay does.
    channels.delete(token)
    return c.json(statusBody(channel), 200)
  }

  for (const prefix of ['/v1/channel', '/v1/connect']) {
    app.post(prefix, createChannel)
    app.post(`${prefix}/authenticate`, authenticate)
    app.get(`${prefix}/status`, status)
  }
  app.get('/healthcheck', (c) => c.json({ status: 'OK' }))
  app.notFound((c) => problem(c, 404, 'Not Found', 'no such route'))
  // Every field is checked before it is used, so what still throws is a request Hono could
  // not read (a body cut off mid-way): the client's doing, so 4xx, never 5xx.
  app.onError((_error, c) => problem(c, 400, 'Bad Request', 'the request could not be read'))

  const server = await listen(app.fetch, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  const timer = setInterval(sweep, Math.min(ttlMs, 60_000))
  timer.unref()
  let stopping: Promise<void> | undefined
  return {
    url: server.url,
    port: server.port,
    authKey,
    openChannels: () => {
      sweep()
      return channels.size
    },
    stop: () => {
      clearInterval(timer)
      stopping ??= server.close()
      return stopping
    },
  }
}
