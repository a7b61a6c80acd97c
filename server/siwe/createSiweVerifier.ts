/**
 * The sign-in verifier: the server half of "Sign in with Ethereum" (EIP-4361) as a Hono
 * app. It hands out single-use nonces, checks signed messages (domain, URI, chain,
 * validity window, nonce, signature, on chain for contract wallets) and keeps sessions in
 * PostgreSQL. `latchkit-server` serves it; README.md beside this file says how to run it
 * or mount it in your own backend.
 */
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { cors } from 'hono/cors'
import { createPublicClient, http, type PublicClient } from 'viem'
import * as z from 'zod/mini'
import { answerError } from '../http/errorAnswer.js'
import { listen } from '../http/listen.js'
import { checkMessage } from './checkMessage.js'
import { openSiweDatabase, type SiweDatabaseOption } from './database.js'
import { type SiweErrorCode, SiweVerifyError, siweAnswerCode, siweErrors } from './errors.js'
import { issueNonce } from './nonces.js'
import type { SiweMessageFault } from './parseMessage.js'
import { consumeNonceAndCreateSession, findSession, revokeSession } from './sessions.js'
import { readSessionToken, SESSION_COOKIE } from './sessionToken.js'
import { checkSignature } from './signature.js'

export type SiweVerifierChain = { chainId: number; rpcUrl: string }

export type CreateSiweVerifierOptions = {
  /**
   * The app's origin, e.g. `https://app.example`, or several (the same app on two hosts):
   * messages must be made for one of them, and CORS and browser POSTs allow only them.
   * Each is compared exactly (scheme, host, port); only http and https origins are taken.
   */
  origin: string | readonly string[]
  /** The chains a visitor may sign in on, each with an RPC URL to check contract-wallet signatures. */
  chains: readonly SiweVerifierChain[]
  /**
   * Where sessions live: `{ url }` for a PostgreSQL server, `{ dataDir }` for the embedded
   * database on disk, or a client you own. Default: the embedded database in memory.
   */
  db?: SiweDatabaseOption
  /** The longest a session lives, whatever the message says. Default 7 days. */
  sessionMaxAgeSeconds?: number
}

export type StartedSiweVerifier = {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string
  port: number
  /** Stops listening, ends open connections and closes the database the verifier opened. */
  stop(): Promise<void>
}

export type SiweVerifierServer = {
  /** Routes under `/siwe/*`; mount it in your own Hono app with `app.route('/', verifier.app)`. */
  app: Hono
  /** Serves `app` on its own port (127.0.0.1 unless told otherwise). */
  start(options?: { port?: number; host?: string }): Promise<StartedSiweVerifier>
  /** Closes the database when the verifier opened it. */
  close(): Promise<void>
}

/** The longest sign-in message taken, in characters (all ASCII, so also bytes). */
export const MAX_MESSAGE_LENGTH = 8192

/**
 * The largest request body the routes read: 64 KiB, room for the longest message and
 * signature in JSON. A larger one is refused with 413 `request_too_large` unread.
 */
export const MAX_REQUEST_BYTES = 64 * 1024

const verifyBody = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(MAX_MESSAGE_LENGTH)),
  // Its form (hex, whole bytes, size) is checkSignature's, which answers signature_malformed;
  // MAX_REQUEST_BYTES bounds what is read.
  signature: z.string(),
})

const DEFAULT_SESSION_MAX_AGE = 7 * 24 * 60 * 60

/** The origins as browsers send them (`scheme://host[:port]`); anything else is a setup error. */
function allowedOrigins(option: string | readonly string[]): string[] {
  const list = typeof option === 'string' ? [option] : [...option]
  if (list.length === 0) throw new Error('createSiweVerifier needs at least one origin')
  return list.map((value) => {
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`createSiweVerifier: ${value} is not an http(s) origin such as https://app.example`)
    return url.origin
  })
}

/**
 * A refusal in the servers' one error shape: `{ code, message, details? }` with the code's
 * status, `code` in UPPER_SNAKE (`NONCE_USED`) and, for `invalid_message`,
 * `details.reason`. For one release the older fields ride along: `error` with the
 * lower_snake code (`nonce_used`) and `reason` at the top level. The message is fixed
 * text; nothing of the request is repeated.
 */
function fail(c: Context, code: SiweErrorCode, reason?: SiweMessageFault) {
  const why = reason ? { reason } : undefined
  return answerError(
    c,
    siweErrors[code].status,
    siweAnswerCode(code),
    new SiweVerifyError(code, why ?? {}).message,
    {
      ...(why ? { details: why } : {}),
      compat: { error: code, ...why },
    },
  )
}

/**
 * Creates the verifier and opens its database.
 *
 * @example
 * const verifier = await createSiweVerifier({
 *   origin: 'http://127.0.0.1:5173',
 *   chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
 *   db: { dataDir: './.data/siwe' },
 * })
 * const { url, stop } = await verifier.start({ port: 8787 })
 */
export async function createSiweVerifier(options: CreateSiweVerifierOptions): Promise<SiweVerifierServer> {
  const origins = allowedOrigins(options.origin)
  if (options.chains.length === 0) throw new Error('createSiweVerifier needs at least one chain')
  const clients = new Map<number, PublicClient>(
    options.chains.map(({ chainId, rpcUrl }) => [chainId, createPublicClient({ transport: http(rpcUrl) })]),
  )
  const chainIds = new Set(clients.keys())
  const maxAgeSeconds = options.sessionMaxAgeSeconds ?? DEFAULT_SESSION_MAX_AGE
  const db = await openSiweDatabase(options.db)
  // A Secure cookie would never be stored for a page on http; on https it must be Secure.
  const secureCookie = origins.every((origin) => origin.startsWith('https:'))

  const tokenOf = (c: Context) =>
    readSessionToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE))

  const app = new Hono()
  // Any failure the routes did not foresee (the database down) is still JSON.
  app.onError((_error, c) => fail(c, 'internal_error'))
  app.use(
    '/siwe/*',
    cors({
      origin: [...origins],
      credentials: true,
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    }),
  )
  // A browser always names the page that sent a POST; one from another site is refused
  // outright (CORS alone only hides the answer from it). Servers and scripts send none.
  app.use('/siwe/*', async (c, next) => {
    const from = c.req.header('origin')
    if (c.req.method === 'POST' && from !== undefined && !origins.includes(from)) {
      return fail(c, 'origin_not_allowed')
    }
    await next()
  })
  app.use('/siwe/*', bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: (c) => fail(c, 'request_too_large') }))

  app.post('/siwe/nonce', async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ nonce: await issueNonce(db.sql) })
  })

  app.post('/siwe/verify', async (c) => {
    const body = z.safeParse(verifyBody, await c.req.json().catch(() => undefined))
    if (!body.success) return fail(c, 'invalid_request')
    const { message } = body.data
    try {
      const signature = checkSignature(body.data.signature)
      // Every character of the message is printable ASCII or LF once it passed this, so
      // nothing the database would refuse (a NUL byte) reaches it.
      const fields = checkMessage({ message, origins, chainIds, now: new Date() })
      const client = clients.get(fields.chainId) as PublicClient
      // verifyMessage asks the chain: a contract wallet answers through EIP-1271 (or
      // ERC-6492 before it is deployed); a plain key pair is recovered as usual.
      const valid = await client
        .verifyMessage({ address: fields.address, message, signature })
        .catch((cause: unknown) => {
          throw new SiweVerifyError('chain_unavailable', { cause })
        })
      if (!valid) throw new SiweVerifyError('signature_invalid')
      const { token, session } = await consumeNonceAndCreateSession(db.sql, {
        nonce: fields.nonce,
        address: fields.address,
        chainId: fields.chainId,
        domain: fields.domain,
        message,
        signature,
        ...(fields.expirationTime ? { expiresAt: fields.expirationTime } : {}),
        maxAgeSeconds,
      })
      const maxAge = Math.max(0, Math.floor((Date.parse(session.expirationTime) - Date.now()) / 1000))
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: secureCookie,
        maxAge,
      })
      c.header('Cache-Control', 'no-store')
      return c.json({ session: { ...session, token } })
    } catch (error) {
      if (error instanceof SiweVerifyError) return fail(c, error.code, error.reason)
      throw error
    }
  })

  app.get('/siwe/session', async (c) => {
    c.header('Cache-Control', 'no-store')
    const token = tokenOf(c)
    const session = token ? await findSession(db.sql, token) : undefined
    return session ? c.json({ session }) : fail(c, 'no_session')
  })

  app.post('/siwe/revoke', async (c) => {
    const token = tokenOf(c)
    const revoked = token ? await revokeSession(db.sql, token) : false
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookie })
    return c.json({ revoked })
  })

  // Last: any other path or method under /siwe/ answers JSON too, also when this app is
  // mounted in another (whose own not-found handler would answer otherwise).
  app.all('/siwe/*', (c) => fail(c, 'not_found'))

  return {
    app,
    close: db.close,
    async start(options = {}) {
      const server = await listen(app.fetch, options)
      let stopping: Promise<void> | undefined
      return {
        url: server.url,
        port: server.port,
        stop() {
          stopping ??= server.close().then(db.close)
          return stopping
        },
      }
    },
  }
}
