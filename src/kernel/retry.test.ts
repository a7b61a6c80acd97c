import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  HttpError,
  LatchError,
  latchError,
  RpcError,
  TimeoutError,
  toRpcError,
  UserRejectedRequestError,
  ValidationError,
} from './errors'
import {
  genericRetryPolicy,
  isRetryableError,
  queryRetryPolicy,
  type RetryPolicy,
  requestRetryPolicy,
  retryAfterOf,
  retryDelay,
  withRetry,
} from './retry'

afterEach(() => {
  vi.useRealTimers()
})

const policies = { request: requestRetryPolicy, query: queryRetryPolicy, generic: genericRetryPolicy }
const policy = fc.constantFrom(...Object.values(policies))
const plainError = fc.constantFrom<unknown>(
  new Error('boom'),
  new HttpError(503),
  new TimeoutError(),
  undefined,
)

describe('the retry policies', () => {
  it('request: 3 retries, 150 ms doubling', () => {
    expect(requestRetryPolicy.retries).toBe(3)
    expect([0, 1, 2].map((n) => retryDelay(requestRetryPolicy, n))).toEqual([150, 300, 600])
  })

  it('query: 3 retries, 1 s doubling, capped at 30 s', () => {
    expect(queryRetryPolicy.retries).toBe(3)
    expect([0, 1, 2, 4, 5, 10].map((n) => retryDelay(queryRetryPolicy, n))).toEqual([
      1_000, 2_000, 4_000, 16_000, 30_000, 30_000,
    ])
  })

  it('generic: 2 retries, 100 ms', () => {
    expect(genericRetryPolicy.retries).toBe(2)
    expect([0, 1].map((n) => retryDelay(genericRetryPolicy, n))).toEqual([100, 100])
  })
})

describe('retryDelay (schedule properties)', () => {
  it('doubles from the base delay until the cap, and never exceeds the cap', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 0, max: 40 }), plainError, (p, attempt, error) => {
        const delay = retryDelay(p, attempt, error)
        expect(delay).toBeLessThanOrEqual(p.maxDelayMs)
        expect(delay).toBeGreaterThanOrEqual(p.delayMs)
        expect(delay).toBe(Math.min(p.delayMs * p.factor ** attempt, p.maxDelayMs))
        const next = retryDelay(p, attempt + 1, error)
        if (p.factor === 2 && next < p.maxDelayMs) expect(next).toBe(delay * 2)
        expect(next).toBeGreaterThanOrEqual(delay)
      }),
    )
  })

  it('prefers Retry-After over the computed delay, even above the cap', () => {
    fc.assert(
      fc.property(
        policy,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 600_000 }),
        (p, attempt, ms) => {
          expect(retryDelay(p, attempt, new HttpError(429, { retryAfterMs: ms }))).toBe(ms)
          // Wrapped in another error's cause, it still wins.
          const wrapped = latchError('TOKEN_BALANCE_UNAVAILABLE', undefined, {
            cause: new HttpError(503, { retryAfterMs: ms }),
          })
          expect(retryDelay(p, attempt, wrapped)).toBe(ms)
        },
      ),
    )
  })

  it('ignores Retry-After when the policy does not honour it', () => {
    const ignoring: RetryPolicy = { ...requestRetryPolicy, honorRetryAfter: false }
    expect(retryDelay(ignoring, 1, new HttpError(429, { retryAfterMs: 9_000 }))).toBe(300)
  })

  it('reads Retry-After from fetch-style headers', () => {
    const error = Object.assign(new Error('http'), {
      status: 429,
      headers: new Headers({ 'Retry-After': '7' }),
    })
    expect(retryAfterOf(error)).toBe(7_000)
    expect(retryAfterOf(new Error('x'))).toBeUndefined()
  })
})

describe('isRetryableError', () => {
  it('retries the listed HTTP statuses and network failures only', () => {
    for (const status of [403, 408, 413, 429, 500, 502, 503, 504])
      expect(isRetryableError(new HttpError(status))).toBe(true)
    const unreachable = latchError('NETWORK_REQUEST_FAILED', undefined, {
      cause: new TypeError('fetch failed'),
    })
    expect(isRetryableError(unreachable)).toBe(true)
    for (const status of [400, 401, 404, 405, 409, 410, 422, 501, 505])
      expect(isRetryableError(new HttpError(status))).toBe(false)
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), (status) => {
        const listed = [403, 408, 413, 429, 500, 502, 503, 504].includes(status)
        return isRetryableError(new HttpError(status)) === listed
      }),
    )
  })

  it('retries RPC codes -1, -32005 and -32603 only', () => {
    for (const code of [-1, -32005, -32603]) {
      expect(isRetryableError({ code, message: 'x' })).toBe(true)
      expect(isRetryableError(toRpcError({ code, message: 'x' }))).toBe(true)
    }
    for (const code of [-32000, -32601, -32602, 4100, 4900, 5000]) {
      expect(isRetryableError(toRpcError({ code, message: 'x' }))).toBe(false)
    }
  })

  it('never retries user rejections, aborts or rule failures', () => {
    expect(isRetryableError(new UserRejectedRequestError())).toBe(false)
    expect(isRetryableError({ code: 4001 })).toBe(false)
    expect(isRetryableError(new RpcError('wrapped', { cause: { code: 4001 } }))).toBe(false)
    expect(isRetryableError(latchError('REQUEST_ABORTED'))).toBe(false)
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false)
    expect(isRetryableError(new ValidationError('Invalid input', { cause: new SyntaxError('json') }))).toBe(
      false,
    )
    expect(isRetryableError(new ValidationError('Please wait', { code: 'SEND_INVALID_AMOUNT' }))).toBe(false)
  })

  it('retries timeouts, unknown transport errors and our errors caused by them', () => {
    expect(isRetryableError(new TimeoutError())).toBe(true)
    expect(isRetryableError(new TypeError('fetch failed'))).toBe(true)
    expect(isRetryableError(new LatchError('wrapped', { cause: new HttpError(502) }))).toBe(true)
    expect(isRetryableError(Object.assign(new Error('viem http'), { status: 404 }))).toBe(false)
  })
})

describe('withRetry', () => {
  function recordingSleep() {
    const waits: number[] = []
    return { waits, sleep: async (ms: number) => void waits.push(ms) }
  }

  it('returns the first success and passes the attempt number', async () => {
    const { waits, sleep } = recordingSleep()
    const fn = vi.fn(async (attempt: number) => {
      if (attempt < 2) throw new HttpError(503)
      return 'ok'
    })
    await expect(withRetry(fn, requestRetryPolicy, { sleep })).resolves.toBe('ok')
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1, 2])
    expect(waits).toEqual([150, 300])
  })

  it('gives up after the policy retries and throws the last error', async () => {
    for (const [name, p] of Object.entries(policies)) {
      const { waits, sleep } = recordingSleep()
      let calls = 0
      const error = await withRetry(
        async () => {
          calls++
          throw new HttpError(500, { details: `call ${calls}` })
        },
        p,
        { sleep },
      ).catch((e: unknown) => e as HttpError)
      expect(calls, name).toBe(p.retries + 1)
      expect(error.details).toBe(`call ${calls}`)
      expect(waits).toEqual(Array.from({ length: p.retries }, (_, n) => retryDelay(p, n)))
    }
  })

  it('waits what Retry-After asks instead of the schedule', async () => {
    const { waits, sleep } = recordingSleep()
    let calls = 0
    await withRetry(
      async () => {
        if (calls++ === 0) throw new HttpError(429, { retryAfterMs: 2_000 })
        return 1
      },
      requestRetryPolicy,
      { sleep },
    )
    expect(waits).toEqual([2_000])
  })

  it('throws at once when Retry-After exceeds maxWaitMs', async () => {
    const { waits, sleep } = recordingSleep()
    const fn = vi.fn(async () => {
      throw new HttpError(429, { retryAfterMs: 3_600_000 })
    })
    await expect(withRetry(fn, requestRetryPolicy, { sleep })).rejects.toBeInstanceOf(HttpError)
    expect(fn).toHaveBeenCalledOnce()
    expect(waits).toEqual([])
  })

  it('does not retry user rejections or unlisted 4xx', async () => {
    for (const error of [new UserRejectedRequestError(), new HttpError(404), new HttpError(400)]) {
      const fn = vi.fn(async () => {
        throw error
      })
      await expect(withRetry(fn, requestRetryPolicy, { sleep: async () => {} })).rejects.toBe(error)
      expect(fn).toHaveBeenCalledOnce()
    }
  })

  it('accepts a custom shouldRetry and reports each retry', async () => {
    const onRetry = vi.fn()
    const fn = vi.fn(async () => {
      throw new HttpError(404)
    })
    await expect(
      withRetry(fn, genericRetryPolicy, { sleep: async () => {}, shouldRetry: () => true, onRetry }),
    ).rejects.toBeInstanceOf(HttpError)
    expect(fn).toHaveBeenCalledTimes(3)
    expect(onRetry.mock.calls.map(([info]) => [info.attempt, info.delayMs])).toEqual([
      [1, 100],
      [2, 100],
    ])
  })

  it('sleeps with timers by default', async () => {
    vi.useFakeTimers()
    let calls = 0
    const done = withRetry(async () => {
      if (calls++ < 3) throw new HttpError(503)
      return 'ok'
    }, requestRetryPolicy)
    await vi.advanceTimersByTimeAsync(149)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toBe(2)
    await vi.advanceTimersByTimeAsync(300 + 600)
    await expect(done).resolves.toBe('ok')
    expect(calls).toBe(4)
  })

  it("stops with 'Request was aborted' when the signal aborts, even mid-wait", async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const fn = vi.fn(async () => {
      throw new HttpError(503)
    })
    const done = withRetry(fn, queryRetryPolicy, { signal: controller.signal }).catch(
      (e: unknown) => e as LatchError,
    )
    await vi.advanceTimersByTimeAsync(500)
    controller.abort()
    const error = await done
    expect(error.code).toBe('REQUEST_ABORTED')
    expect(fn).toHaveBeenCalledOnce()

    const never = vi.fn(async () => 1)
    await expect(withRetry(never, queryRetryPolicy, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'REQUEST_ABORTED',
    })
    expect(never).not.toHaveBeenCalled()
  })

  it('turns a failure caused by the abort into REQUEST_ABORTED', async () => {
    const controller = new AbortController()
    const error = await withRetry(
      async () => {
        controller.abort()
        throw new TypeError('fetch failed')
      },
      requestRetryPolicy,
      { signal: controller.signal, sleep: async () => {} },
    ).catch((e: unknown) => e as LatchError)
    expect(error.code).toBe('REQUEST_ABORTED')
  })

  describe('one overall deadline', () => {
    /** An attempt that never answers until its signal aborts, as fetch does. */
    const hanging = (_attempt: number, signal?: AbortSignal) =>
      new Promise<never>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(latchError('REQUEST_ABORTED')), { once: true })
      })

    it('aborts the attempt in flight and fails with TIMEOUT when it passes', async () => {
      vi.useFakeTimers()
      const fn = vi.fn(hanging)
      const done = withRetry(fn, requestRetryPolicy, { deadlineMs: 15_000 }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(14_999)
      expect(fn).toHaveBeenCalledOnce()
      await vi.advanceTimersByTimeAsync(1)
      const error = await done
      expect(error).toBeInstanceOf(TimeoutError)
      expect((error as TimeoutError).details).toBe('no answer within 15000 ms (1 attempt)')
    })

    it('keeps the retry schedule inside it, and covers every attempt and wait', async () => {
      vi.useFakeTimers()
      const starts: number[] = []
      const start = Date.now()
      // Each attempt fails after 4 s (a per-attempt timeout), so the fourth would end past 15 s.
      const fn = vi.fn(async (_attempt: number, signal?: AbortSignal) => {
        starts.push(Date.now() - start)
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, 4_000)
          signal?.addEventListener('abort', () => {
            clearTimeout(timer)
            reject(latchError('REQUEST_ABORTED'))
          })
        })
        throw new TimeoutError('one attempt')
      })
      const done = withRetry(fn, requestRetryPolicy, { deadlineMs: 15_000 }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(20_000)
      const error = (await done) as TimeoutError
      expect(starts).toEqual([0, 4_150, 8_450, 13_050])
      expect(error.details).toBe('no answer within 15000 ms (4 attempts)')
    })

    it('does not start a wait that would end past it: the last error is thrown at once', async () => {
      vi.useFakeTimers()
      const fn = vi.fn(async () => {
        throw new HttpError(503, { retryAfterMs: 20_000 })
      })
      const done = withRetry(fn, { ...requestRetryPolicy, maxWaitMs: 60_000 }, { deadlineMs: 15_000 }).catch(
        (e: unknown) => e,
      )
      await vi.advanceTimersByTimeAsync(0)
      const error = await done
      expect(error).toBeInstanceOf(HttpError)
      expect(fn).toHaveBeenCalledOnce()
    })

    it("leaves the caller's own abort as REQUEST_ABORTED and clears its timer on success", async () => {
      vi.useFakeTimers()
      const controller = new AbortController()
      const aborted = withRetry(hanging, requestRetryPolicy, {
        deadlineMs: 15_000,
        signal: controller.signal,
      }).catch((e: unknown) => e as LatchError)
      controller.abort()
      expect((await aborted).code).toBe('REQUEST_ABORTED')
      await expect(withRetry(async () => 'ok', requestRetryPolicy, { deadlineMs: 15_000 })).resolves.toBe(
        'ok',
      )
      expect(vi.getTimerCount()).toBe(0)
    })
  })
})
