/**
 * The one fetch wrapper: GET/POST/PUT/DELETE with a JSON
 * body and query params, the clientId appended when configured, and typed failures:
 * a non-OK status is an {@link HttpError} ('HTTP status code: {status}') carrying
 * Retry-After, a network failure is an HttpError with status 0 wrapping the cause.
 * Responses come back as `unknown`: callers parse them with zod (`parseWith`).
 */
import { HttpError, LatchError, latchError, messages, TimeoutError, ValidationError } from './errors'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

type QueryScalar = string | number | boolean | bigint
/** A query value; `undefined`, `null` and empty arrays are skipped, arrays join with commas. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined
export type Query = Record<string, QueryValue>

export interface HttpRequestOptions {
  query?: Query
  /** Sent as JSON (bigints as decimal strings). */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Passed to fetch, e.g. `'no-cache'` for answers that must not come from the browser cache. */
  cache?: RequestCache
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number
}

/** What a failed request leaves on `HttpError.data`. */
export interface HttpErrorData {
  method: HttpMethod
  /** The URL without its query string. */
  url: string
  /** The response body: parsed JSON when it parses, else text (cut at 2000 characters). */
  body?: unknown
}

export interface HttpClientOptions {
  baseUrl: string
  /** Appended as the `clientId` query param on every request when set. */
  clientId?: string
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  /** Headers sent with every request. */
  headers?: Record<string, string>
  /** Abort with a TimeoutError after this many ms. No timeout by default. */
  timeoutMs?: number
  /** Clock for Retry-After dates; injectable for tests. */
  now?: () => number
}

export interface HttpClient {
  readonly baseUrl: string
  /** The full URL a request to `path` would use, clientId included (for images, links). */
  url(path: string, query?: Query): string
  request(method: HttpMethod, path: string, options?: HttpRequestOptions): Promise<unknown>
  get(path: string, options?: HttpRequestOptions): Promise<unknown>
  post(path: string, options?: HttpRequestOptions): Promise<unknown>
  put(path: string, options?: HttpRequestOptions): Promise<unknown>
  delete(path: string, options?: HttpRequestOptions): Promise<unknown>
}

/**
 * Reads a Retry-After header as milliseconds: delta-seconds or an HTTP date (a past date
 * gives 0). Anything else gives `undefined`.
 *
 * @example
 * parseRetryAfter('2') // 2000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT')) // 2000
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000)
  // Only full dates: Date.parse also accepts things like '1' or 'tomorrow' on some engines.
  if (!/[a-z]/i.test(text) || !/\d{4}/.test(text)) return undefined
  const time = Date.parse(text)
  return Number.isNaN(time) ? undefined : Math.max(0, time - now)
}

const absoluteUrl = /^[a-z][a-z0-9+.-]*:\/\//i

function joinUrl(baseUrl: string, path: string): string {
  if (absoluteUrl.test(path)) return path
  if (path === '') return baseUrl
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

function toQueryString(value: QueryScalar): string {
  return typeof value === 'string' ? value : String(value)
}

function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

function withoutQuery(url: string): string {
  const index = url.search(/[?#]/)
  return index === -1 ? url : url.slice(0, index)
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name)
}

/**
 * Creates an HTTP client bound to a base URL.
 *
 * @example
 * const api = createHttpClient({ baseUrl: 'http://127.0.0.1:8545/api', clientId: 'demo' })
 * const wallets = parseWith(walletsSchema, await api.get('/getWallets', { query: { page: 1 } }), 'wallet list')
 * await api.post('/v1/fungible/price', { body: { currency: 'usd', addresses } })
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl, clientId, headers: defaultHeaders = {}, timeoutMs: defaultTimeoutMs } = options
  const now = options.now ?? Date.now
  // Resolved per call, never bound to an object: fetch must not be called with a foreign `this`.
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))

  function url(path: string, query: Query = {}): string {
    const target = new URL(joinUrl(baseUrl, path))
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue
      if (Array.isArray(value)) {
        if (value.length > 0) target.searchParams.append(key, value.map(toQueryString).join(','))
      } else {
        target.searchParams.append(key, toQueryString(value as QueryScalar))
      }
    }
    if (clientId && !target.searchParams.has('clientId')) target.searchParams.append('clientId', clientId)
    return target.toString()
  }

  async function request(method: HttpMethod, path: string, init: HttpRequestOptions = {}): Promise<unknown> {
    const target = url(path, init.query)
    const where = `${method} ${withoutQuery(target)}`
    const headers: Record<string, string> = { ...defaultHeaders, ...init.headers }
    let body: string | undefined
    if (init.body !== undefined) {
      body = JSON.stringify(init.body, jsonReplacer)
      if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json'
    }

    const { signal } = init
    if (signal?.aborted)
      throw latchError('REQUEST_ABORTED', undefined, { cause: signal.reason, details: where })
    const controller = new AbortController()
    const forwardAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', forwardAbort, { once: true })
    const timeoutMs = init.timeoutMs ?? defaultTimeoutMs
    let timedOut = false
    const timer =
      timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true
            controller.abort()
          }, timeoutMs)
        : undefined

    try {
      const response = await doFetch(target, {
        method,
        headers,
        body,
        signal: controller.signal,
        ...(init.cache ? { cache: init.cache } : {}),
      })
      const text = await response.text()
      if (!response.ok) {
        const data: HttpErrorData = { method, url: withoutQuery(target), body: readErrorBody(text) }
        throw new HttpError(response.status, {
          retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), now()),
          details: where,
          data,
        })
      }
      if (text.trim() === '') return undefined
      try {
        return JSON.parse(text) as unknown
      } catch (cause) {
        throw new ValidationError(messages.VALIDATION_FAILED, {
          code: 'VALIDATION_FAILED',
          details: `${where}: the response is not JSON`,
          cause,
        })
      }
    } catch (error) {
      if (error instanceof LatchError) throw error
      if (timedOut) throw new TimeoutError(`${where} took more than ${timeoutMs} ms`, { cause: error })
      if (signal?.aborted) throw latchError('REQUEST_ABORTED', undefined, { cause: error, details: where })
      // A redirect loop fails the same way each time: final, not retried. Only runtimes
      // that say why a fetch failed (Node's says 'redirect count exceeded') let it be told
      // apart; in a browser it is a network failure, bounded by the caller's deadline.
      const redirects = redirectFailure(error)
      if (redirects) throw latchError('TOO_MANY_REDIRECTS', undefined, { details: `${where}: ${redirects}` })
      // No status at all: the server was unreachable. Retried, like a 503 (the cause decides).
      throw latchError('NETWORK_REQUEST_FAILED', undefined, { cause: error, details: where })
    } finally {
      if (timer !== undefined) clearTimeout(timer)
      signal?.removeEventListener('abort', forwardAbort)
    }
  }

  return {
    baseUrl,
    url,
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, init) => request('POST', path, init),
    put: (path, init) => request('PUT', path, init),
    delete: (path, init) => request('DELETE', path, init),
  }
}

/** The message of a redirect-limit failure in `error`'s cause chain, if it is one. */
function redirectFailure(error: unknown): string | undefined {
  let current = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (/redirect/i.test(current.message)) return current.message
    current = current.cause
  }
  return undefined
}

function readErrorBody(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}...` : text
  }
}
