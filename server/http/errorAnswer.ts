/**
 * The one shape every Latchkit server answers a failure (any 4xx or 5xx) with:
 * JSON `{ code, message, details? }`.
 *
 * - `code`: a stable UPPER_SNAKE name a client branches on (`NONCE_USED`, `NAME_TAKEN`);
 *   docs/server.md lists every code each service answers.
 * - `message`: for people; it never repeats more of the request than a short, clipped echo.
 * - `details`: optional facts a client may act on (`{ retryAfter: 30 }`, `{ reason }`).
 *
 * Each service's error helper builds its answers here, so the shape cannot drift apart.
 * Fields an older client read (the sign-in verifier's lower_snake `error`) ride along
 * as `compat` for one release.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** A failure as every Latchkit server sends it. */
export type ErrorBody = {
  code: string
  message: string
  details?: Record<string, unknown>
}

/** What every `code` looks like: upper case words joined by underscores. */
export const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/

/**
 * The code a failure gets when the service names none of its own: one per status.
 * These are answered by every service (the listener and the input guard use them too).
 */
export const statusCodes = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  502: 'UPSTREAM_UNAVAILABLE',
  503: 'UNAVAILABLE',
} as const satisfies Record<number, string>

/**
 * The code for a status when the failure names none.
 *
 * @example codeForStatus(404) // 'NOT_FOUND'
 */
export function codeForStatus(status: number): string {
  return (statusCodes as Record<number, string>)[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')
}

/** Extra top-level fields an older client reads, sent beside the shape for one release. */
export type CompatFields = Record<string, unknown>

/**
 * The JSON body of a failure. Throws when `code` is not UPPER_SNAKE, so a new code in the
 * wrong style fails its first test instead of reaching a client.
 *
 * @example
 * errorBody('NONCE_USED', 'The nonce was already used') // { code: 'NONCE_USED', message: '…' }
 * errorBody('RATE_LIMITED', 'Too many requests', { retryAfter: 30 })
 */
export function errorBody(
  code: string,
  message: string,
  details?: Record<string, unknown>,
  compat?: CompatFields,
): ErrorBody & CompatFields {
  if (!ERROR_CODE_PATTERN.test(code)) throw new Error(`error code ${code} is not UPPER_SNAKE`)
  return { ...compat, code, message, ...(details && Object.keys(details).length > 0 ? { details } : {}) }
}

/**
 * A failure as a `Response`, for code that answers without a Hono context (the listener).
 *
 * @example errorResponse(400, errorBody('BAD_REQUEST', 'the request URL is not valid'))
 */
export function errorResponse(status: number, body: ErrorBody): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/**
 * Answers a failure from a Hono route or error handler.
 *
 * @example
 * app.notFound((c) => answerError(c, 404, 'NOT_FOUND', 'No such route'))
 */
export function answerError(
  c: Context,
  status: number,
  code: string,
  message: string,
  options: { details?: Record<string, unknown>; compat?: CompatFields } = {},
) {
  return c.json(errorBody(code, message, options.details, options.compat), status as ContentfulStatusCode)
}
