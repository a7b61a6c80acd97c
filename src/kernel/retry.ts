/**
 * The retry policies as plain data, the pure schedule {@link retryDelay}, the
 * classifier {@link isRetryableError} and one loop, {@link withRetry}, that runs them.
 */
import { HttpError, isUserRejection, LatchError, latchError, TimeoutError, ValidationError } from './errors'
import { parseRetryAfter } from './http'

/**
 * How often and how long to wait. Attempt `n` (0 = first retry) waits
 * `min(delayMs * factor^n, maxDelayMs)`, or the server's Retry-After when
 * `honorRetryAfter` and the error carries one. A wait longer than `maxWaitMs` is not
 * worth sitting through in a widget: the error is thrown at once instead.
 */
export interface RetryPolicy {
  /** Retries after the first try; 3 means at most 4 calls. */
  readonly retries: number
  readonly delayMs: number
  readonly factor: number
  readonly maxDelayMs: number
  readonly honorRetryAfter: boolean
  readonly maxWaitMs: number
}

/** Request retry: 3 retries, 150 ms doubling, Retry-After honoured. */
export const requestRetryPolicy: RetryPolicy = Object.freeze({
  retries: 3,
  delayMs: 150,
  factor: 2,
  maxDelayMs: Number.POSITIVE_INFINITY,
  honorRetryAfter: true,
  maxWaitMs: 60_000,
})

/** Query retry: 3 retries, doubling from 1 s, capped at 30 s. */
export const queryRetryPolicy: RetryPolicy = Object.freeze({
  retries: 3,
  delayMs: 1_000,
  factor: 2,
  maxDelayMs: 30_000,
  honorRetryAfter: true,
  maxWaitMs: 60_000,
})

/** Generic retry helper: 2 retries, 100 ms apart. */
export const genericRetryPolicy: RetryPolicy = Object.freeze({
  retries: 2,
  delayMs: 100,
  factor: 1,
  maxDelayMs: 100,
  honorRetryAfter: true,
  maxWaitMs: 60_000,
})

/** RPC codes worth another try: unknown (-1), limit exceeded (-32005), internal (-32603). */
export const retryableRpcCodes: readonly number[] = Object.freeze([-1, -32005, -32603])
/** HTTP statuses worth another try; every other 4xx/5xx is final. */
export const retryableHttpStatuses: readonly number[] = Object.freeze([
  403, 408, 413, 429, 500, 502, 503, 504,
])

function numericCode(error: object): number | undefined {
  if (error instanceof LatchError) return error.rpcCode
  const code = (error as { code?: unknown }).code
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined
}

function isAbort(error: object): boolean {
  return (
    (error as { name?: unknown }).name === 'AbortError' || (error as LatchError).code === 'REQUEST_ABORTED'
  )
}

/**
 * Decides whether a failure is transient. Never retried: user rejections, aborts, schema
 * failures, Latchkit's own rule errors, RPC codes other than -1/-32005/-32603 and HTTP
 * statuses outside `retryableHttpStatuses`. Retried: those codes and statuses, timeouts, network
 * failures (HttpError status 0) and unknown errors without a code (a transport hiccup).
 *
 * @example
 * isRetryableError(new HttpError(429)) // true
 * isRetryableError(new HttpError(404)) // false
 * isRetryableError(new UserRejectedRequestError()) // false
 */
export function isRetryableError(error: unknown): boolean {
  if (isUserRejection(error)) return false
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (isAbort(current) || current instanceof ValidationError) return false
    if (current instanceof HttpError) return retryableHttpStatuses.includes(current.status)
    if (current instanceof TimeoutError) return true
    const code = numericCode(current)
    if (code !== undefined) return retryableRpcCodes.includes(code)
    // Our own errors are decided by their cause; with none, they are rule failures.
    if (current instanceof LatchError) {
      current = current.cause
      continue
    }
    const status = (current as { status?: unknown }).status
    if (typeof status === 'number') return retryableHttpStatuses.includes(status)
    return true
  }
  return false
}

/**
 * The server's Retry-After in ms, found on the error or its causes: `retryAfterMs`
 * (HttpError) or a `headers.get('Retry-After')` (fetch-style errors).
 *
 * @example
 * retryAfterOf(new HttpError(429, { retryAfterMs: 2000 })) // 2000
 */
export function retryAfterOf(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { retryAfterMs, headers } = current as { retryAfterMs?: unknown; headers?: { get?: unknown } }
    if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0)
      return retryAfterMs
    if (headers && typeof headers.get === 'function') {
      const parsed = parseRetryAfter((headers as { get(name: string): string | null }).get('Retry-After'))
      if (parsed !== undefined) return parsed
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * How long to wait before retry number `attempt` (0-based) after `error`: the error's
 * Retry-After when the policy honours it, else `delayMs * factor^attempt` capped at
 * `maxDelayMs`. Pure, so the schedule can be tested without a clock.
 *
 * @example
 * retryDelay(requestRetryPolicy, 2, new Error('boom')) // 600
 * retryDelay(requestRetryPolicy, 0, new HttpError(429, { retryAfterMs: 5000 })) // 5000
 */
export function retryDelay(policy: RetryPolicy, attempt: number, error?: unknown): number {
  if (policy.honorRetryAfter) {
    const retryAfter = retryAfterOf(error)
    if (retryAfter !== undefined) return retryAfter
  }
  return Math.min(policy.delayMs * policy.factor ** attempt, policy.maxDelayMs)
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface WithRetryOptions {
  signal?: AbortSignal
  /**
   * One overall deadline in ms for every attempt and every wait between them. When it
   * passes, the attempt in flight is aborted (through the signal `fn` receives) and the
   * call fails with a TimeoutError ('Request timed out'); a wait that would end after it
   * is not started, and the last error is thrown instead. No deadline by default.
   */
  deadlineMs?: number
  /** Injectable wait; the default is an abortable setTimeout. */
  sleep?: Sleep
  /** Overrides {@link isRetryableError}. */
  shouldRetry?: (error: unknown, attempt: number) => boolean
  /** Told before each wait, e.g. to log. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void
}

function abortedError(signal: AbortSignal): LatchError {
  return latchError('REQUEST_ABORTED', undefined, { cause: signal.reason })
}

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal))
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortedError(signal as AbortSignal))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * Calls `fn` until it succeeds, the policy's retries are spent, the error is not
 * retryable, `signal` aborts ('Request was aborted', code REQUEST_ABORTED) or the
 * overall `deadlineMs` passes ('Request timed out', a TimeoutError). The last error is
 * thrown as is. `fn` gets the attempt number (0 = first try) and a signal that aborts
 * when the caller's does or the deadline passes: hand it to the request.
 *
 * @example
 * const balances = await withRetry(
 *   (_attempt, signal) => api.get(`/v1/account/${address}/balance`, { signal }),
 *   requestRetryPolicy,
 *   { signal, deadlineMs: 15_000 },
 * )
 */
export async function withRetry<T>(
  fn: (attempt: number, signal?: AbortSignal) => Promise<T>,
  policy: RetryPolicy,
  options: WithRetryOptions = {},
): Promise<T> {
  const { sleep = defaultSleep, shouldRetry = isRetryableError, onRetry, deadlineMs } = options
  const deadline = deadlineMs === undefined ? undefined : startDeadline(deadlineMs, options.signal)
  const signal = deadline?.signal ?? options.signal
  try {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw deadline?.expired() ? deadline.error(attempt) : abortedError(signal)
      try {
        return await fn(attempt, signal)
      } catch (error) {
        if (deadline?.expired()) throw deadline.error(attempt + 1, error)
        if (signal?.aborted) {
          throw error instanceof LatchError && error.code === 'REQUEST_ABORTED' ? error : abortedError(signal)
        }
        if (attempt >= policy.retries || !shouldRetry(error, attempt)) throw error
        const delayMs = retryDelay(policy, attempt, error)
        if (delayMs > policy.maxWaitMs || (deadline && delayMs >= deadline.remaining())) throw error
        onRetry?.({ attempt: attempt + 1, delayMs, error })
        try {
          await sleep(delayMs, signal)
        } catch (abort) {
          throw deadline?.expired() ? deadline.error(attempt + 1, error) : abort
        }
      }
    }
  } finally {
    deadline?.stop()
  }
}

/** A timer that aborts one signal when `ms` pass or when the caller's `outer` signal aborts. */
function startDeadline(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController()
  const startedAt = Date.now()
  let expired = false
  const timer = setTimeout(() => {
    expired = true
    controller.abort()
  }, ms)
  const forward = () => controller.abort(outer?.reason)
  if (outer?.aborted) forward()
  else outer?.addEventListener('abort', forward, { once: true })
  return {
    signal: controller.signal,
    expired: () => expired,
    remaining: () => ms - (Date.now() - startedAt),
    error: (attempts: number, cause?: unknown) =>
      new TimeoutError(`no answer within ${ms} ms (${attempts} attempt${attempts === 1 ? '' : 's'})`, {
        cause,
      }),
    stop() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', forward)
    },
  }
}
