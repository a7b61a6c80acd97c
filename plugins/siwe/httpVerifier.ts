import { HttpError } from 'latchkit'
import { parseWith } from 'latchkit/internal'
import { createHttpClient } from 'latchkit/internal/http'
import * as z from 'zod/mini'
import { type SiweSession, siweSessionSchema } from './sessionSchema'
import type { SiweVerifier } from './types'

export interface HttpVerifierOptions {
  /** Default: the global fetch. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  /** Abort a request after this long. Default 15 s. */
  timeoutMs?: number
}

const nonceAnswer = z.object({ nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,}$/)) })
const sessionAnswer = z.object({ session: siweSessionSchema })

/**
 * A verifier that talks to the reference verifier's HTTP API (server/siwe, served by
 * `latchkit-server --siwe-origin`, or your copy of it): POST /siwe/nonce, POST /siwe/verify,
 * GET /siwe/session, POST /siwe/revoke.
 * Every answer is schema-checked. Requests carry the session cookie; a session the
 * verifier answered with a token is also sent as a bearer token, which works where the
 * cookie does not travel (a verifier on another site). A verifier at the app's Blockchain
 * API URL is asked about first (`GET /v1/features`): a server without one is offered no
 * sign-in; elsewhere, a nonce request answered 501 `SIWE_NOT_CONFIGURED` says the same.
 *
 * @example
 * import { siwe, httpVerifier } from 'latchkit/plugins/siwe'
 * createKernel({ networks, plugins: [siwe({ verifier: httpVerifier('https://api.example') })] })
 */
export function httpVerifier(baseUrl: string, options: HttpVerifierOptions = {}): SiweVerifier {
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 15_000
  // Two clients: with the cookie for cookie sessions, without it when a token names the
  // session, so revoking an old session by its token never touches the cookie's newer one.
  const withCookie = createHttpClient({
    baseUrl,
    timeoutMs,
    fetch: (input, init) => doFetch(input, { ...init, credentials: 'include' }),
  })
  const withToken = createHttpClient({
    baseUrl,
    timeoutMs,
    fetch: (input, init) => doFetch(input, { ...init, credentials: 'omit' }),
  })
  const forSession = (
    session: SiweSession | undefined,
  ): { client: typeof withCookie; headers: Record<string, string> } =>
    session?.token
      ? { client: withToken, headers: { Authorization: `Bearer ${session.token}` } }
      : { client: withCookie, headers: {} }

  return {
    url: baseUrl,
    async getNonce() {
      return parseWith(nonceAnswer, await withCookie.post('/siwe/nonce'), 'SIWE nonce').nonce
    },
    async verify({ message, signature }) {
      const answer = await withCookie.post('/siwe/verify', { body: { message, signature } })
      return parseWith(sessionAnswer, answer, 'SIWE session').session
    },
    async getSession({ session }) {
      const { client, headers } = forSession(session)
      try {
        const { session: live } = parseWith(
          sessionAnswer,
          await client.get('/siwe/session', { headers }),
          'SIWE session',
        )
        // The server does not repeat the token; keep the one we hold.
        return session?.token ? { ...live, token: session.token } : live
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return undefined
        throw error
      }
    },
    async revokeSession(session) {
      const { client, headers } = forSession(session)
      await client.post('/siwe/revoke', { headers })
    },
  }
}
