/**
 * `kernel.api`, the request primitive plugins declare their endpoints with (createApi,
 * sendApiRequest), the kernel's own balance read (getAccountBalance) and the NFTs tab's
 * endpoint (getAccountNfts), against the real local API server on the shared chains (no fetch mocks): st/sv/projectId
 * as the server logged them, the supported-network gate and the `empty` default,
 * malformed answers, the retry schedule, Retry-After, timeouts, and the caches.
 */
import {
  type CaipNetworkId,
  ConfigError,
  HttpError,
  type KernelApi,
  LatchError,
  TimeoutError,
  ValidationError,
} from 'latchkit'
import { formatUnits } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { fixtureAccounts, fixtureContracts, fixtureNftIdsOf, fixtureTokens } from '../../../devstack/fixtures'
import { getAccountBalance } from '../../../src/kernel/api/getAccountBalance'
import { getAccountNfts } from '../../../src/react/views/tabs/getAccountNfts'
import { getDevstack } from '../../support/devstack'
import {
  apiServerForFile,
  LOCAL,
  LOCAL_2,
  localNetworks,
  noSleep,
  PROJECT_ID,
  requestsTo,
  SDK,
  testApi,
  testKernel,
} from './helpers'

// Without a names service, so registering a name is the case of a route not served (501).
const server = apiServerForFile(() => getDevstack().chains, { names: false })
const holder = fixtureAccounts[0]!.address
const lusd = `${LOCAL}:${fixtureContracts.LUSD}`
const ltk = `${LOCAL}:${fixtureContracts.LTK}`

beforeEach(() => {
  server().faults.clear()
  server().faults.clearLog()
})

// Endpoints as a plugin declares them: a path and a schema for the answer.
const supportedChainsSchema = z.object({ http: z.array(z.string()), ws: z.array(z.string()) })
const identitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })
const walletListSchema = z.looseObject({
  count: z.number(),
  data: z.array(z.looseObject({ id: z.string() })),
})
const pricesSchema = z.looseObject({
  fungibles: z.array(z.looseObject({ symbol: z.string(), price: z.number() })),
})
const anyAnswer = z.unknown()

/** GET v1/supported-chains, ungated (it says which chains are supported), plus `extra`. */
function readChains(api: KernelApi, extra: { cache?: { ttlMs: number; key?: string } | 'no-cache' } = {}) {
  return api.request({ path: 'v1/supported-chains', gated: false, schema: supportedChainsSchema, ...extra })
}

/** The same read, kept 5 s. */
function keptChains(api: KernelApi, extra: { fresh?: boolean; query?: Record<string, string> } = {}) {
  return api.request({
    path: 'v1/supported-chains',
    gated: false,
    schema: supportedChainsSchema,
    cache: { ttlMs: 5_000 },
    ...extra,
  })
}

const LOCAL_CHAINS = { http: ['eip155:31337', 'eip155:31338'], ws: [] }

describe('request identification', () => {
  it('every GET carries st, sv and projectId beside its own query; POSTs carry projectId only', async () => {
    const api = testApi(server())
    // What is sent is checked, not what is answered (a feature this server is not given
    // answers 501). Every request settles before the log is read.
    await Promise.allSettled([
      readChains(api),
      api.request({ path: `v1/identity/${holder}`, query: { chainId: LOCAL }, schema: identitySchema }),
      api.request({ path: `v1/account/${holder}/history`, query: { chainId: LOCAL }, schema: anyAnswer }),
      api.request({ path: 'v1/convert/tokens', query: { chainId: LOCAL }, schema: anyAnswer }),
      api.request({ path: 'v1/onramp/options', schema: anyAnswer }),
      getAccountBalance(api, { address: holder, chainId: LOCAL }),
      getAccountNfts(api, { address: holder, chainId: LOCAL }),
      api.request({
        service: 'wallets',
        path: 'getWallets',
        query: { page: 1, entries: 2 },
        schema: walletListSchema,
      }),
      api.request({ service: 'wallets', path: 'getAnalyticsConfig', schema: anyAnswer }),
      api.request({
        method: 'POST',
        path: 'v1/fungible/price',
        body: { currency: 'usd', addresses: [lusd] },
        schema: pricesSchema,
      }),
      api.request({
        method: 'POST',
        path: 'v1/onramp/quote',
        body: {
          purchaseCurrency: { id: 'ETH' },
          paymentCurrency: { id: 'USD' },
          amount: '20',
          network: LOCAL,
        },
        schema: anyAnswer,
      }),
    ])
    const { requests } = server().faults
    const gets = requests.filter((r) => r.method === 'GET')
    expect(gets).toHaveLength(9)
    for (const request of gets) {
      expect(request.query).toMatchObject({ projectId: PROJECT_ID, st: SDK.sdkType, sv: SDK.sdkVersion })
      expect(request.query.clientId).toBeUndefined()
    }
    expect(requestsTo(server(), '/getWallets')[0]?.query).toMatchObject({ page: '1', entries: '2' })
    const balance = gets.find((r) => r.path.endsWith('/balance'))
    expect(balance?.query).toMatchObject({ chainId: LOCAL, currency: 'usd' })
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(2)
    for (const request of posts) expect(request.query).toEqual({ projectId: PROJECT_ID })
  })

  it('appends clientId when configured, on GETs and POSTs, through createApi and a kernel', async () => {
    const api = testApi(server(), { clientId: 'client-7' })
    await readChains(api)
    await api.request({
      method: 'POST',
      path: 'v1/fungible/price',
      body: { currency: 'usd', addresses: [lusd] },
      schema: pricesSchema,
    })
    const kernel = testKernel(server(), { clientId: 'client-8' })
    await readChains(kernel.api)
    kernel.destroy()
    expect(server().faults.requests.map((r) => [r.method, r.query.clientId])).toEqual([
      ['GET', 'client-7'],
      ['POST', 'client-7'],
      ['GET', 'client-8'],
    ])
  })
})

describe('supported-network gate', () => {
  it('sends nothing for an unsupported network: `empty` answers, without it a named UNSUPPORTED_CHAIN', async () => {
    // The app lists no network, so neither the call's chain nor the active one is supported.
    const api = testApi(server(), { networks: [] })
    const identity = (empty?: () => { name: null; avatar: null }) =>
      api.request({ path: `v1/identity/${holder}`, chainId: LOCAL, schema: identitySchema, ...{ empty } })
    expect(await identity(() => ({ name: null, avatar: null }))).toEqual({ name: null, avatar: null })
    expect(
      await api.request({ path: 'v1/convert/tokens', schema: anyAnswer, empty: () => ({ tokens: [] }) }),
    ).toEqual({ tokens: [] })
    expect(
      await api.request({
        method: 'POST',
        path: 'v1/fungible/price',
        body: { currency: 'usd', addresses: [lusd] },
        schema: pricesSchema,
        cache: { ttlMs: 5_000 },
        empty: () => ({ fungibles: [] }),
      }),
    ).toEqual({ fungibles: [] })
    expect(await getAccountBalance(api, { address: holder, chainId: LOCAL })).toEqual([])

    const error = await identity().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'UNSUPPORTED_CHAIN', shortMessage: 'Unsupported chain' })
    expect((error as LatchError).details).toContain(`GET v1/identity/${holder} for ${LOCAL}`)
    await expect(getAccountNfts(api, { address: holder, chainId: LOCAL })).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    expect(server().faults.requests).toEqual([])
  })

  it("checks the call's chainId when given, else the active network", async () => {
    const only31338 = [localNetworks()[1]!]
    const read = (api: KernelApi, chainId?: CaipNetworkId) =>
      api.request({
        path: 'v1/supported-chains',
        chainId,
        schema: supportedChainsSchema,
        empty: () => 'skipped',
      })

    // The app lists 31338 only; the active network is 31337.
    const api = testApi(server(), { networks: only31338 })
    expect(await read(api, LOCAL)).toBe('skipped')
    expect(await read(api)).toBe('skipped')
    expect(server().faults.requests).toEqual([])
    expect(await read(api, LOCAL_2)).toEqual(LOCAL_CHAINS)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(1)

    // With 31338 active, a call without a chain id goes out; one for 31337 still does not.
    const onActive = testApi(server(), { networks: only31338, defaultNetwork: LOCAL_2 })
    expect(await read(onActive)).toEqual(LOCAL_CHAINS)
    expect(await read(onActive, LOCAL)).toBe('skipped')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
  })

  it('`gated: false` skips the gate', async () => {
    const api = testApi(server(), { networks: [] })
    const gated = await api.request({
      path: 'v1/supported-chains',
      schema: supportedChainsSchema,
      empty: () => 'skipped',
    })
    expect(gated).toBe('skipped')
    expect(server().faults.requests).toEqual([])
    expect(await readChains(api)).toEqual(LOCAL_CHAINS)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(1)
  })

  it('the wallets service is not gated (unless the call asks for it)', async () => {
    const api = testApi(server(), { networks: [] })
    const wallets = await api.request({
      service: 'wallets',
      path: 'getWallets',
      query: { page: 1, entries: 2 },
      schema: walletListSchema,
      empty: () => 'skipped' as const,
    })
    expect(wallets).not.toBe('skipped')
    expect(requestsTo(server(), '/getWallets')).toHaveLength(1)
    const asked = await api.request({
      service: 'wallets',
      path: 'getWallets',
      chainId: LOCAL,
      gated: true,
      schema: walletListSchema,
      empty: () => 'skipped' as const,
    })
    expect(asked).toBe('skipped')
    expect(requestsTo(server(), '/getWallets')).toHaveLength(1)
  })

  it('an unconfigured service answers `empty`, or throws API_NOT_CONFIGURED; the other still goes out', async () => {
    const kernel = testKernel(server(), { services: ['wallets'] })
    expect(kernel.api.url('blockchain')).toBeUndefined()
    expect(kernel.api.url('wallets')).toBe(server().url)
    expect(
      await kernel.api.request({
        path: 'v1/supported-chains',
        gated: false,
        schema: supportedChainsSchema,
        empty: () => 'none',
      }),
    ).toBe('none')
    const error = await readChains(kernel.api).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ code: 'API_NOT_CONFIGURED', shortMessage: 'No API endpoint configured' })
    expect((error as ConfigError).details).toContain('options.api.blockchainUrl')
    expect(await getAccountBalance(kernel.api, { address: holder, chainId: LOCAL })).toEqual([])
    await expect(getAccountNfts(kernel.api, { address: holder, chainId: LOCAL })).rejects.toMatchObject({
      code: 'API_NOT_CONFIGURED',
    })
    expect(server().faults.requests).toEqual([])

    await kernel.api.request({ service: 'wallets', path: 'getAnalyticsConfig', schema: anyAnswer })
    expect(server().faults.requests.map((r) => r.path)).toEqual(['/getAnalyticsConfig'])
    kernel.destroy()
  })
})

describe('malformed answers', () => {
  it('become a ValidationError naming the endpoint, never a partial result', async () => {
    const api = testApi(server())
    server().faults.set({ malformed: true, count: 1 })
    const error = await getAccountBalance(api, { address: holder, chainId: LOCAL }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).details).toContain('GET /v1/account/{address}/balance')
    // Not retried (a schema failure is final) and not kept: the next call asks again.
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    const balances = await getAccountBalance(api, { address: holder, chainId: LOCAL })
    expect(balances).toHaveLength(4)
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
  })

  it("are checked against the caller's schema; the endpoint is named `METHOD path` unless the call names it", async () => {
    const api = testApi(server())
    // The server's real answer, against a schema it does not meet.
    const strict = z.object({ http: z.array(z.number()) })
    const unnamed = await api
      .request({ path: 'v1/supported-chains', gated: false, schema: strict })
      .catch((e: unknown) => e)
    expect(unnamed).toBeInstanceOf(ValidationError)
    expect((unnamed as ValidationError).details).toContain('GET v1/supported-chains')
    const named = await api
      .request({ path: 'v1/supported-chains', gated: false, schema: strict, endpoint: 'supported chains' })
      .catch((e: unknown) => e)
    expect(named).toBeInstanceOf(ValidationError)
    expect((named as ValidationError).details).toContain('supported chains')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
  })
})

describe('retry policy against injected faults', () => {
  it('retries a 503 with 150 ms then 300 ms of backoff and succeeds', async () => {
    const api = testApi(server())
    server().faults.set({ status: 503, count: 2 })
    expect(await readChains(api)).toEqual(LOCAL_CHAINS)
    const calls = requestsTo(server(), '/v1/supported-chains')
    expect(calls.map((c) => c.fault ?? 'ok')).toEqual(['status', 'status', 'ok'])
    const gaps = [calls[1]!.at - calls[0]!.at, calls[2]!.at - calls[1]!.at]
    // Lower bounds only: a busy machine stretches either wait. The exact delays are
    // checked below, with the waits recorded.
    expect(gaps[0]).toBeGreaterThanOrEqual(145)
    expect(gaps[1]).toBeGreaterThanOrEqual(295)
  })

  it('gives up after 3 retries (4 calls) with the HTTP error', async () => {
    // The schedule is timed above; here the waits are recorded instead of slept: 150 ms doubling.
    const waits: number[] = []
    const api = testApi(server(), { transport: { sleep: async (ms) => void waits.push(ms) } })
    server().faults.set({ status: 429, count: 10 })
    const error = await readChains(api).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).shortMessage).toBe('HTTP status code: 429')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(4)
    expect(waits).toEqual([150, 300, 600])
  })

  it('waits as long as Retry-After says instead of the backoff', async () => {
    const api = testApi(server())
    server().faults.set({ status: 429, count: 1, retryAfter: 1 })
    await readChains(api)
    const calls = requestsTo(server(), '/v1/supported-chains')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(990)
  })

  it('does not retry a 400, a 422 or a 501', async () => {
    const api = testApi(server())
    const error = await getAccountBalance(api, { address: 'not-an-address', chainId: LOCAL }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(400)
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    // A quote no pool can fill (ZDT has none): 422.
    const unfillable = await api
      .request({
        path: 'v1/convert/quotes',
        query: { amount: '5', userAddress: holder, from: `${LOCAL}:${fixtureContracts.ZDT}`, to: lusd },
        chainId: LOCAL,
        schema: anyAnswer,
      })
      .catch((e: unknown) => e)
    expect((unfillable as HttpError).status).toBe(422)
    expect(requestsTo(server(), '/v1/convert/quotes')).toHaveLength(1)
    // Registering a name, which this server does not serve: 501.
    const unserved = await api
      .request({
        method: 'POST',
        path: 'v1/profile/account',
        body: { coin_type: 60, address: holder, message: '{}', signature: `0x${'1b'.repeat(65)}` },
        schema: anyAnswer,
      })
      .catch((e: unknown) => e)
    expect((unserved as HttpError).status).toBe(501)
    expect(requestsTo(server(), '/v1/profile/account')).toHaveLength(1)
  })

  it('takes the retry policy from the transport', async () => {
    const api = testApi(server(), {
      transport: {
        retryPolicy: {
          retries: 1,
          delayMs: 0,
          factor: 1,
          maxDelayMs: 0,
          honorRetryAfter: false,
          maxWaitMs: 0,
        },
      },
    })
    server().faults.set({ status: 503, count: 10 })
    await expect(readChains(api)).rejects.toBeInstanceOf(HttpError)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
  })

  it('a hanging server ends in the timeout error after every attempt timed out', async () => {
    const api = testApi(server(), { transport: { timeoutMs: 150 } })
    server().faults.set({ hang: true, count: 4 })
    const started = performance.now()
    const error = await readChains(api).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as LatchError).code).toBe('TIMEOUT')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(4)
    // 4 timeouts of 150 ms plus 150 + 300 + 600 ms of backoff.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1600)
  })

  it('a timed-out attempt is retried and the next one answers', async () => {
    // Long enough that the answering attempt never times out on a loaded machine: only the
    // hanging one may.
    const api = testApi(server(), { transport: { timeoutMs: 2_000 } })
    server().faults.set({ hang: true, count: 1 })
    expect(await readChains(api)).toEqual(LOCAL_CHAINS)
    expect(requestsTo(server(), '/v1/supported-chains').map((c) => c.fault ?? 'ok')).toEqual(['hang', 'ok'])
  })
})

describe('caches', () => {
  it('keeps an answer for its ttl, then asks again', async () => {
    let now = 1_000_000
    const api = testApi(server(), { transport: { now: () => now } })
    const first = await keptChains(api)
    expect(await keptChains(api)).toBe(first)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(1)
    now += 4_999
    await keptChains(api)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(1)
    now += 1
    expect(await keptChains(api)).not.toBe(first)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
  })

  it('without a cache policy every call asks the server', async () => {
    const api = testApi(server())
    await readChains(api)
    await readChains(api)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
  })

  it('`fresh` asks again and keeps the new answer for later callers', async () => {
    const api = testApi(server())
    const first = await keptChains(api)
    const renewed = await keptChains(api, { fresh: true })
    expect(renewed).not.toBe(first)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
    expect(await keptChains(api)).toBe(renewed)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
  })

  it('concurrent callers share one request', async () => {
    const api = testApi(server())
    const [a, b, c] = await Promise.all([keptChains(api), keptChains(api), keptChains(api)])
    expect(b).toBe(a)
    expect(c).toBe(a)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(1)
  })

  it('keeps answers apart by query, `key` and service', async () => {
    const api = testApi(server())
    await keptChains(api, { query: { v: '1' } })
    await keptChains(api, { query: { v: '2' } })
    await keptChains(api, { query: { v: '1' } })
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
    // One `key` for two queries: the second is answered from the first.
    const keyed = (v: string) =>
      api.request({
        path: 'v1/supported-chains',
        gated: false,
        query: { v },
        schema: supportedChainsSchema,
        cache: { ttlMs: 5_000, key: 'chains' },
      })
    await keyed('3')
    await keyed('4')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(3)
    // The same key on the other service is another answer.
    await api.request({
      service: 'wallets',
      path: 'v1/supported-chains',
      query: { v: '3' },
      schema: supportedChainsSchema,
      cache: { ttlMs: 5_000, key: 'chains' },
    })
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(4)
  })

  it('a failure is not kept: the next caller asks again', async () => {
    const api = testApi(server(), { transport: { sleep: noSleep } })
    server().faults.set({ status: 503, count: 4 })
    await expect(keptChains(api)).rejects.toBeInstanceOf(HttpError)
    expect(await keptChains(api)).toEqual(LOCAL_CHAINS)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(5)
    expect(await keptChains(api)).toEqual(LOCAL_CHAINS)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(5)
  })

  it("'no-cache' is sent as fetch's cache: 'no-cache' and never kept", async () => {
    const modes: (RequestCache | undefined)[] = []
    const api = testApi(server(), {
      transport: {
        fetch: (input, init) => {
          modes.push(init.cache)
          return fetch(input, init)
        },
      },
    })
    await readChains(api, { cache: 'no-cache' })
    await readChains(api, { cache: 'no-cache' })
    await readChains(api)
    expect(modes).toEqual(['no-cache', 'no-cache', undefined])
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(3)
  })

  it('clearCache drops every kept answer', async () => {
    const api = testApi(server())
    const read = () =>
      Promise.all([keptChains(api), getAccountBalance(api, { address: holder, chainId: LOCAL })])
    await read()
    await read()
    expect(server().faults.requests).toHaveLength(2)
    api.clearCache()
    await read()
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
  })

  it("a kernel's sent transaction drops the kept reads, so the next read is fresh", async () => {
    const kernel = testKernel(server())
    const read = () =>
      Promise.all([getAccountNfts(kernel.api, { address: holder, chainId: LOCAL }), keptChains(kernel.api)])
    await read()
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(1)
    kernel.bus.emit('tx:sent', {
      namespace: 'eip155',
      caipNetworkId: LOCAL,
      hash: '0x01',
      from: holder,
      to: holder,
    })
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(2)
    kernel.destroy()
  })
})

describe('getAccountBalance', () => {
  it('gives native and fixture tokens with quantity, price, value and data: icons', async () => {
    const api = testApi(server())
    const balances = await getAccountBalance(api, { address: holder, chainId: LOCAL })
    const bySymbol = Object.fromEntries(balances.map((b) => [b.symbol, b]))
    expect(Object.keys(bySymbol).sort()).toEqual(['ETH', 'LTK', 'LUSD', 'ZDT'])
    expect(bySymbol.LUSD).toMatchObject({
      name: 'Latch USD',
      chainId: LOCAL,
      address: lusd,
      price: 1,
      quantity: { decimals: '6', numeric: formatUnits(fixtureTokens.LUSD.seedBalance, 6) },
    })
    expect(bySymbol.LTK?.address).toBe(ltk)
    expect(bySymbol.LTK?.value).toBeCloseTo(2.5 * 1000)
    expect(bySymbol.ZDT?.quantity.decimals).toBe('0')
    expect(bySymbol.ETH?.address).toBeUndefined()
    for (const balance of balances) expect(balance.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    const [call] = requestsTo(server(), '/v1/account')
    expect(call?.path).toBe(`/v1/account/${holder}/balance`)
    expect(call?.query).toMatchObject({ currency: 'usd', chainId: LOCAL })
    expect(call?.query.forceUpdate).toBeUndefined()
  })

  it('is kept 30 s; forceUpdate asks the server to refresh and replaces the kept answer', async () => {
    let now = 1_000_000
    const api = testApi(server(), { transport: { now: () => now } })
    const read = (forceUpdate?: boolean) =>
      getAccountBalance(api, { address: holder, chainId: LOCAL, forceUpdate })
    const first = await read()
    expect(await read()).toEqual(first)
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    now += 29_999
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    now += 1
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
    await read(true)
    const calls = requestsTo(server(), '/v1/account')
    expect(calls).toHaveLength(3)
    expect(calls[2]?.query.forceUpdate).toBe('true')
    // Later readers get the forced answer.
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(3)
  })

  it('keeps each chain and address apart', async () => {
    const api = testApi(server())
    await getAccountBalance(api, { address: holder, chainId: LOCAL })
    await getAccountBalance(api, { address: holder, chainId: LOCAL_2 })
    await getAccountBalance(api, { address: fixtureAccounts[1]!.address, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account').map((c) => [c.path, c.query.chainId])).toEqual([
      [`/v1/account/${holder}/balance`, LOCAL],
      [`/v1/account/${holder}/balance`, LOCAL_2],
      [`/v1/account/${fixtureAccounts[1]!.address}/balance`, LOCAL],
    ])
  })
})

describe('getAccountNfts', () => {
  it('lists the fixture collection (read through the enumerable ERC-721), kept 30 s; forceUpdate asks again', async () => {
    let now = 1_000_000
    const api = testApi(server(), { transport: { now: () => now } })
    const nfts = await getAccountNfts(api, { address: holder, chainId: LOCAL })
    expect(nfts.map((nft) => nft.tokenId)).toEqual(fixtureNftIdsOf(0).map(String))
    expect(nfts[0]).toMatchObject({
      name: 'Latch Punks #1',
      contract: `${LOCAL}:${fixtureContracts.LPNK}`,
      collection: { name: 'Latch Punks', symbol: 'LPNK' },
    })
    expect(nfts[0]?.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(requestsTo(server(), '/v1/account')[0]?.query.chainId).toBe(LOCAL)
    now += 29_999
    await getAccountNfts(api, { address: holder, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    await getAccountNfts(api, { address: holder, chainId: LOCAL, forceUpdate: true })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
    now += 29_999
    await getAccountNfts(api, { address: holder, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
    now += 1
    await getAccountNfts(api, { address: holder, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(3)
  })
})
