/**
 * The local API server's own contract: input validation (400 with a message), the RPC
 * gateway, CORS for pages on this machine, and the fault switch over HTTP. What a hostile
 * client meets is hardening.test.ts's.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { getDevstack } from '../../support/devstack'
import { expectErrorShape } from '../../support/errorShape'
import { apiServerForFile, PROJECT_ID } from './helpers'

const server = apiServerForFile(() => getDevstack().chains)
const holder = fixtureAccounts[0]!.address
const p = `projectId=${PROJECT_ID}`

beforeEach(() => {
  server().faults.clear()
  server().faults.clearLog()
})

async function call(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server().url}${path}`, init)
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, body }
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

describe('input validation', () => {
  it.each([
    ['a missing projectId', `/v1/supported-chains`, 'projectId'],
    ['a bad address', `/v1/account/0x123/balance?${p}`, 'address'],
    ['a non-CAIP chain id', `/v1/account/${holder}/balance?${p}&chainId=31337`, 'chainId'],
    ['a chain this API does not serve', `/v1/account/${holder}/balance?${p}&chainId=eip155:1`, 'not served'],
    ['a currency other than usd', `/v1/account/${holder}/balance?${p}&currency=eur`, 'currency'],
    ['a malformed history cursor', `/v1/account/${holder}/history?${p}&cursor=a%2Fb%3Cc`, 'cursor'],
    ['a page of 0', `/getWallets?${p}&page=0`, 'page'],
    ['too many entries', `/getWallets?${p}&entries=1000`, 'entries'],
    ['a bad badge type', `/getWallets?${p}&badge_type=gold`, 'badge_type'],
    ['a bad wallet id in include', `/getWallets?${p}&include=nope`, 'include'],
    ['a bad chain in chains', `/getWallets?${p}&chains=ethereum`, 'chains'],
    ['an over-long search', `/getWallets?${p}&search=${'x'.repeat(101)}`, 'search'],
    ['a bad image id', `/getWalletImage/${encodeURIComponent('<svg>')}?${p}`, 'id'],
    [
      'a quote without amount',
      `/v1/convert/quotes?${p}&userAddress=${holder}&from=eip155:31337:${holder}&to=eip155:31337:${holder}`,
      'amount',
    ],
    ['an RPC call without chain', `/v1/?${p}`, 'chainId'],
    ['a bad NFT owner', `/v1/account/nobody/nfts?${p}`, 'address'],
  ])('answers 400 for %s', async (_, path, mentions) => {
    const { status, body } = await call(path)
    expect(status).toBe(400)
    expect((body as { message: string }).message).toContain(mentions)
  })

  it.each([
    ['a body that is not JSON', '/v1/fungible/price', '{nope', 'not JSON'],
    [
      'a wrong currency',
      '/v1/fungible/price',
      { currency: 'btc', addresses: [`eip155:31337:${holder}`] },
      'currency',
    ],
    ['no addresses', '/v1/fungible/price', { currency: 'usd', addresses: [] }, 'addresses'],
    [
      'an onramp quote in an unknown fiat',
      '/v1/onramp/quote',
      { purchaseCurrency: { id: 'ETH' }, paymentCurrency: { id: 'JPY' }, amount: '10', network: 'x' },
      'paymentCurrency',
    ],
    ['a JSON-RPC body without method', `/v1/?chainId=eip155:31337&${p}`, { jsonrpc: '2.0', id: 1 }, 'method'],
    ['a fault with two kinds', '/__faults', { status: 503, hang: true, count: 1 }, 'exactly one'],
    ['a fault with a status we do not inject', '/__faults', { status: 500, count: 1 }, 'status'],
    ['a fault without count', '/__faults', { status: 429 }, 'count'],
  ])('answers 400 for %s', async (_, path, body, mentions) => {
    const result = await call(path.includes('?') ? path : `${path}?${p}`, post(body))
    expect(result.status).toBe(400)
    expect((result.body as { message: string }).message).toContain(mentions)
  })

  it('answers 404 with a message for unknown routes', async () => {
    const { status, body } = await call(`/v2/nothing?${p}`)
    expect(status).toBe(404)
    expect((body as { message: string }).message).toContain('/v2/nothing')
  })

  it('answers a bad request and an unknown route in the one error shape, { code, message }', async () => {
    await expectErrorShape(await fetch(`${server().url}/v1/account/nope/balance?${p}`), 400, 'BAD_REQUEST')
    await expectErrorShape(await fetch(`${server().url}/v2/nothing?${p}`), 404, 'NOT_FOUND')
  })
})

describe('RPC gateway', () => {
  it('proxies JSON-RPC to the chain named by chainId, single and batched', async () => {
    const single = await call(
      `/v1/?chainId=eip155:31338&${p}`,
      post({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' }),
    )
    expect(single).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 7, result: '0x7a6a' } })
    const batch = await call(
      `/v1?chainId=eip155:31337&${p}`,
      post([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [holder, 'latest'] },
      ]),
    )
    expect(batch.status).toBe(200)
    const [chainId, balance] = batch.body as { result: string }[]
    expect(chainId?.result).toBe('0x7a69')
    expect(BigInt(balance!.result)).toBeGreaterThan(0n)
  })

  it('answers GET with the chain head, as a liveness probe', async () => {
    const { status, body } = await call(`/v1/?chainId=eip155:31337&${p}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ chainId: 'eip155:31337' })
  })
})

describe('browser access', () => {
  it('allows a page on this machine and exposes Retry-After to scripts', async () => {
    server().faults.set({ status: 429, count: 1, retryAfter: 2 })
    const response = await fetch(`${server().url}/v1/supported-chains?${p}`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After')
    expect(response.headers.get('retry-after')).toBe('2')
  })
})

describe('fault switch over HTTP', () => {
  it('arms N faults, logs them, and clears', async () => {
    const armed = await call('/__faults', post({ status: 503, count: 2, path: '/getAnalyticsConfig' }))
    expect(armed.body).toMatchObject({ remaining: 2 })
    expect((await call(`/v1/supported-chains?${p}`)).status).toBe(200) // another path: unaffected
    expect((await call(`/getAnalyticsConfig?${p}`)).status).toBe(503)
    expect((await call(`/getAnalyticsConfig?${p}`)).status).toBe(503)
    expect((await call(`/getAnalyticsConfig?${p}`)).status).toBe(200)
    const { body } = await call('/__requests')
    const faults = (body as { requests: { path: string; fault?: string }[] }).requests.map(
      (r) => r.fault ?? 'ok',
    )
    expect(faults).toEqual(['ok', 'status', 'status', 'ok'])
    await call('/__faults', post({ malformed: true, count: 1 }))
    expect((await call(`/getAnalyticsConfig?${p}`)).body).toEqual([{ malformed: true }])
    await call('/__faults', post({ hang: true, count: 5 }))
    await call('/__faults', { method: 'DELETE' })
    expect((await call(`/getAnalyticsConfig?${p}`)).status).toBe(200)
  })

  it('releases a hanging call when the server stops', async () => {
    const { startApiServer } = await import('../../../devstack/api/server')
    const own = await startApiServer({ chains: getDevstack().chains })
    own.faults.set({ hang: true, count: 1 })
    const pending = fetch(`${own.url}/v1/supported-chains?${p}`).then(
      (r) => r.status,
      () => 'closed',
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    await own.stop()
    expect(['closed', 503]).toContain(await pending)
  })
})
