import { afterEach, describe, expect, it, vi } from 'vitest'
import { HttpError, LatchError, TimeoutError, ValidationError } from './errors'
import { createHttpClient, parseRetryAfter } from './http'
import { isRetryableError } from './retry'

type FetchCall = { url: string; init: RequestInit }

function fakeFetch(respond: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init }
    calls.push(call)
    return respond(call)
  })
  return { fetch, calls }
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  })

async function rejection(promise: Promise<unknown>): Promise<LatchError> {
  try {
    await promise
  } catch (error) {
    return error as LatchError
  }
  throw new Error('expected a rejection')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createHttpClient requests', () => {
  it('joins the base URL and path and returns parsed JSON as unknown', async () => {
    const { fetch, calls } = fakeFetch(() => json({ ok: true }))
    const api = createHttpClient({ baseUrl: 'https://api.example/v1/', fetch })
    await expect(api.get('/identity/0xabc')).resolves.toEqual({ ok: true })
    await api.get('supported-chains')
    expect(calls.map((c) => c.url)).toEqual([
      'https://api.example/v1/identity/0xabc',
      'https://api.example/v1/supported-chains',
    ])
    expect(calls[0]?.init.method).toBe('GET')
    expect(calls[0]?.init.body).toBeUndefined()
  })

  it('adds query params, skipping undefined and null, joining arrays with commas', async () => {
    const { fetch, calls } = fakeFetch(() => json({}))
    const api = createHttpClient({ baseUrl: 'https://api.example', fetch })
    await api.get('/getWallets', {
      query: {
        page: 1,
        entries: 40,
        search: undefined,
        badge_type: null,
        include: ['a', 'b'],
        exclude: [],
        st: 'react',
        big: 10n,
        flag: false,
      },
    })
    const url = new URL(calls[0]?.url as string)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      entries: '40',
      include: 'a,b',
      st: 'react',
      big: '10',
      flag: 'false',
    })
  })

  it('appends clientId when configured and never twice', async () => {
    const { fetch, calls } = fakeFetch(() => json({}))
    const api = createHttpClient({ baseUrl: 'https://api.example', clientId: 'client-1', fetch })
    await api.get('/a', { query: { x: 'y' } })
    await api.get('/b', { query: { clientId: 'override' } })
    expect(new URL(calls[0]?.url as string).searchParams.get('clientId')).toBe('client-1')
    expect(new URL(calls[1]?.url as string).searchParams.getAll('clientId')).toEqual(['override'])
    const without = createHttpClient({ baseUrl: 'https://api.example', fetch })
    await without.get('/c')
    expect(calls[2]?.url).toBe('https://api.example/c')
    expect(api.url('/getWalletImage/abc')).toBe('https://api.example/getWalletImage/abc?clientId=client-1')
  })

  it('sends JSON bodies with POST, PUT and DELETE, bigints as strings', async () => {
    const { fetch, calls } = fakeFetch(() => json({ success: true }))
    const api = createHttpClient({ baseUrl: 'https://api.example', fetch, headers: { 'x-sdk': 'latchkit' } })
    await expect(api.post('/v1/fungible/price', { body: { currency: 'usd', amount: 5n } })).resolves.toEqual({
      success: true,
    })
    await api.put('/thing', { body: [1, 2] })
    await api.delete('/thing/1', { headers: { Authorization: 'Bearer t' } })
    expect(calls.map((c) => c.init.method)).toEqual(['POST', 'PUT', 'DELETE'])
    expect(calls[0]?.init.body).toBe('{"currency":"usd","amount":"5"}')
    expect(calls[0]?.init.headers).toEqual({ 'x-sdk': 'latchkit', 'Content-Type': 'application/json' })
    expect(calls[1]?.init.body).toBe('[1,2]')
    expect(calls[2]?.init.headers).toEqual({ 'x-sdk': 'latchkit', Authorization: 'Bearer t' })
  })

  it('keeps a caller Content-Type and passes cache and absolute URLs through', async () => {
    const { fetch, calls } = fakeFetch(() => json({}))
    const api = createHttpClient({ baseUrl: 'https://api.example', fetch })
    await api.post('/x', { body: {}, headers: { 'content-type': 'application/vnd+json' } })
    await api.get('https://other.example/v1/history', { cache: 'no-cache' })
    expect(calls[0]?.init.headers).toEqual({ 'content-type': 'application/vnd+json' })
    expect(calls[1]?.url).toBe('https://other.example/v1/history')
    expect(calls[1]?.init.cache).toBe('no-cache')
  })

  it('returns undefined for an empty body and rejects a body that is not JSON', async () => {
    const { fetch } = fakeFetch(({ url }) =>
      url.endsWith('/empty') ? new Response(null, { status: 204 }) : new Response('<html>', { status: 200 }),
    )
    const api = createHttpClient({ baseUrl: 'https://api.example', fetch })
    await expect(api.delete('/empty')).resolves.toBeUndefined()
    const error = await rejection(api.get('/html'))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.message).toContain('GET https://api.example/html: the response is not JSON')
  })

  it('uses globalThis.fetch by default, resolved at call time', async () => {
    const fetch = vi.fn(async () => json({ via: 'global' }))
    vi.stubGlobal('fetch', fetch)
    try {
      const api = createHttpClient({ baseUrl: 'https://api.example' })
      await expect(api.get('/x')).resolves.toEqual({ via: 'global' })
      expect(fetch).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('createHttpClient failures', () => {
  it("throws HttpError 'HTTP status code: {status}' with the body and no query in the details", async () => {
    const { fetch } = fakeFetch(() => json({ reasons: [{ description: 'Name taken' }] }, { status: 400 }))
    const api = createHttpClient({ baseUrl: 'https://api.example', clientId: 'c', fetch })
    const error = (await rejection(api.post('/v1/profile/account', { body: {} }))) as HttpError
    expect(error).toBeInstanceOf(HttpError)
    expect(error.shortMessage).toBe('HTTP status code: 400')
    expect(error.status).toBe(400)
    expect(error.code).toBe('HTTP_STATUS')
    expect(error.retryAfterMs).toBeUndefined()
    expect(error.data).toEqual({
      method: 'POST',
      url: 'https://api.example/v1/profile/account',
      body: { reasons: [{ description: 'Name taken' }] },
    })
    expect(error.details).toBe('POST https://api.example/v1/profile/account')
  })

  it('keeps a non-JSON error body as text', async () => {
    const { fetch } = fakeFetch(() => new Response('Bad gateway', { status: 502 }))
    const api = createHttpClient({ baseUrl: 'https://api.example', fetch })
    const error = (await rejection(api.get('/x'))) as HttpError
    expect(error.status).toBe(502)
    expect((error.data as { body: unknown }).body).toBe('Bad gateway')
  })

  it('reads Retry-After as seconds or as an HTTP date', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    const headersFor: Record<string, string> = {
      '/seconds': '3',
      '/date': new Date(now + 5_000).toUTCString(),
      '/junk': 'soon',
    }
    const { fetch } = fakeFetch(({ url }) => {
      const path = new URL(url).pathname
      return new Response('', { status: 429, headers: { 'Retry-After': headersFor[path] as string } })
    })
    const api = createHttpClient({ baseUrl: 'https://api.example', fetch, now: () => now })
    expect(((await rejection(api.get('/seconds'))) as HttpError).retryAfterMs).toBe(3_000)
    expect(((await rejection(api.get('/date'))) as HttpError).retryAfterMs).toBe(5_000)
    expect(((await rejection(api.get('/junk'))) as HttpError).retryAfterMs).toBeUndefined()
  })

  it("wraps a network failure as 'Network request failed' with the cause", async () => {
    const cause = new TypeError('fetch failed')
    const api = createHttpClient({
      baseUrl: 'https://api.example',
      fetch: async () => {
        throw cause
      },
    })
    const error = (await rejection(api.get('/x'))) as LatchError
    expect(error).toBeInstanceOf(LatchError)
    expect(error.shortMessage).toBe('Network request failed')
    expect(error.code).toBe('NETWORK_REQUEST_FAILED')
    expect(error.cause).toBe(cause)
    expect(error.details).toBe('GET https://api.example/x')
    expect(isRetryableError(error)).toBe(true)
  })

  it("reports an aborted request as 'Request was aborted'", async () => {
    const controller = new AbortController()
    const api = createHttpClient({
      baseUrl: 'https://api.example',
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    })
    const pending = rejection(api.get('/slow', { signal: controller.signal }))
    controller.abort()
    const error = await pending
    expect(error.code).toBe('REQUEST_ABORTED')
    expect(error.shortMessage).toBe('Request was aborted')
    const early = await rejection(api.get('/x', { signal: AbortSignal.abort() }))
    expect(early.code).toBe('REQUEST_ABORTED')
  })

  it('times out with a TimeoutError', async () => {
    vi.useFakeTimers()
    const api = createHttpClient({
      baseUrl: 'https://api.example',
      timeoutMs: 1_000,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    })
    const pending = rejection(api.get('/slow'))
    await vi.advanceTimersByTimeAsync(1_000)
    const error = await pending
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.details).toContain('GET https://api.example/slow took more than 1000 ms')
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')
  it('reads delta-seconds and dates, clamps past dates to 0, ignores junk', () => {
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('1.5', now)).toBe(1_500)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0)
    for (const junk of [null, undefined, '', '-1', 'soon', '1e3', 'abc 1'])
      expect(parseRetryAfter(junk, now)).toBeUndefined()
  })
})
