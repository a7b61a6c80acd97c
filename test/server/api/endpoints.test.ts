/**
 * The local API server's answers, endpoint by endpoint, read with plain fetch: the
 * Blockchain API endpoints the kernel no longer declares itself (plugins declare them with
 * `ctx.api.request`), and the wallet-project API (the wallet registry and its filters,
 * images, the analytics switch, the allowed origins). How the client sends, retries,
 * gates and caches is apiRequest.test.ts's.
 */
import { encodeFunctionData, erc20Abi, formatUnits, toCoinType } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixtureSwap } from '../../../devstack/api/server'
import { REGISTRY_SIZE } from '../../../devstack/api/walletRegistry'
import { fixtureAccounts, fixtureContracts, fixtureEns, fixtureUniswap } from '../../../devstack/fixtures'
import { getDevstack } from '../../support/devstack'
import { apiServerForFile, getJson, LOCAL, PROJECT_ID, postJson } from './helpers'

const server = apiServerForFile(() => getDevstack().chains)
const holder = fixtureAccounts[0]!.address
const lusd = `${LOCAL}:${fixtureContracts.LUSD}`
const ltk = `${LOCAL}:${fixtureContracts.LTK}`

beforeEach(() => {
  server().faults.clear()
  server().faults.clearLog()
  server().settings.swap = fixtureSwap(getDevstack().chains)
  server().settings.allowedOrigins = []
  server().settings.analyticsEnabled = true
})

describe('Blockchain API endpoints', () => {
  it('supported chains lists the local chains', async () => {
    expect(await getJson(server(), '/v1/supported-chains')).toEqual({
      status: 200,
      body: { http: ['eip155:31337', 'eip155:31338'], ws: [] },
    })
  })

  it('features says what this configuration serves, and follows the swap settings', async () => {
    expect(await getJson(server(), '/v1/features')).toEqual({
      status: 200,
      body: {
        names: true,
        onramp: true,
        history: false,
        swapChains: ['eip155:31337', 'eip155:31338'],
        siwe: false,
      },
    })
    server().settings.swap = undefined
    expect((await getJson(server(), '/v1/features')).body).toMatchObject({ swapChains: [] })
  })

  it('fungible price prices known tokens and skips unknown ones', async () => {
    const { status, body } = await postJson<{ fungibles: { symbol: string; price: number }[] }>(
      server(),
      '/v1/fungible/price',
      { currency: 'usd', addresses: [lusd, ltk, `${LOCAL}:0x${'12'.repeat(20)}`], projectId: PROJECT_ID },
    )
    expect(status).toBe(200)
    expect(body.fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['LUSD', 1],
      ['LTK', 2.5],
    ])
  })

  it("identity is the account's primary ENS name and avatar, and empty for an account without one", async () => {
    expect((await getJson(server(), `/v1/identity/${holder}`, { chainId: LOCAL })).body).toEqual({
      name: 'alice.eth',
      avatar: fixtureEns.names[0]?.avatar,
    })
    const nameless = fixtureAccounts[2]!.address
    expect((await getJson(server(), `/v1/identity/${nameless}`, { chainId: LOCAL })).body).toEqual({
      name: null,
      avatar: null,
    })
  })

  it('history without an index is not configured (501), and the on-ramp filter an empty page when nothing was bought', async () => {
    // This file's server is given no history source; evmHistoryRoute.test.ts reads one, and
    // onramp.test.ts buys through the ramps.
    expect(await getJson(server(), `/v1/account/${holder}/history`, { chainId: LOCAL })).toEqual({
      status: 501,
      body: { code: 'HISTORY_NOT_CONFIGURED', message: 'History is not configured on this server' },
    })
    const bought = await getJson(server(), `/v1/account/${holder}/history`, {
      chainId: LOCAL,
      onramp: 'latchramp',
    })
    expect(bought).toEqual({ status: 200, body: { data: [], next: null } })
  })

  it('convert tokens, quotes and gas price come from the chain and the fixture Uniswap', async () => {
    const tokens = await getJson<{ tokens: { symbol: string }[] }>(server(), '/v1/convert/tokens', {
      chainId: LOCAL,
    })
    expect(tokens.body.tokens.map((t) => t.symbol)).toEqual(['ETH', 'LUSD', 'LTK', 'ZDT'])
    const quotes = await getJson<{ quotes: { toAmount: string; providerFee: number }[] }>(
      server(),
      '/v1/convert/quotes',
      {
        amount: '1000000', // 1 LUSD
        userAddress: holder,
        from: lusd,
        to: ltk,
        gasPrice: '1',
      },
    )
    // 1 USD of LUSD buys about 0.4 LTK at 2.50, less the pool's 0.3 % fee (convert.test.ts checks it against the router).
    expect(Number(formatUnits(BigInt(quotes.body.quotes[0]!.toAmount), 18))).toBeCloseTo(0.3988, 4)
    expect(quotes.body.quotes[0]!.providerFee).toBe(0.3)
    const gas = await getJson<{ standard: string; fast: string; instant: string }>(
      server(),
      '/v1/convert/gas-price',
      { chainId: LOCAL },
    )
    expect(BigInt(gas.body.fast)).toBeGreaterThanOrEqual(BigInt(gas.body.standard))
    expect(BigInt(gas.body.instant)).toBeGreaterThanOrEqual(BigInt(gas.body.fast))
  })

  it('allowance, approve and swap need a swap chain; on one they are read and built for its router', async () => {
    const allowance = () =>
      getJson(server(), '/v1/convert/allowance', { tokenAddress: lusd, userAddress: holder })
    server().settings.swap = undefined
    expect(await allowance()).toEqual({
      status: 501,
      body: { code: 'SWAPS_NOT_CONFIGURED', message: 'Swaps are not configured on this server' },
    })
    server().settings.swap = { chains: { 'eip155:31338': fixtureSwap(getDevstack().chains).chains[LOCAL]! } }
    expect(await allowance()).toEqual({
      status: 400,
      body: { code: 'SWAPS_UNSUPPORTED_NETWORK', message: 'Network not supported for Swaps' },
    })

    server().settings.swap = fixtureSwap(getDevstack().chains)
    const router = fixtureUniswap.router
    expect(await allowance()).toEqual({ status: 200, body: { allowance: '0' } })
    const approve = await getJson<{ tx: { to: string; data: string } }>(
      server(),
      '/v1/convert/build-approve',
      {
        userAddress: holder,
        from: lusd,
        to: ltk,
        amount: '5',
      },
    )
    expect(approve.body.tx).toMatchObject({
      to: fixtureContracts.LUSD,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 5n] }),
    })
    const swap = await postJson<{ tx: { to: string; data: string } }>(
      server(),
      '/v1/convert/build-transaction',
      {
        amount: '5000000',
        eip155: { slippage: '1' },
        projectId: PROJECT_ID,
        from: lusd,
        to: ltk,
        userAddress: `${LOCAL}:${holder}`,
      },
    )
    expect(swap.status).toBe(200)
    expect(swap.body.tx.to).toBe(router)
    expect(swap.body.tx.data.startsWith('0x38ed1739')).toBe(true) // swapExactTokensForTokens
  })

  it('profile: unknown names are 404, reverse lists the primary name, suggestions say what is free, a bad registration is refused', async () => {
    // The names service's own tests (test/server/names) register; this checks the devstack serves it.
    expect((await getJson(server(), '/v1/profile/account/nobody.latch.id')).status).toBe(404)
    const reverse = await getJson<{ name: string }[]>(server(), `/v1/profile/reverse/${holder}`)
    expect(reverse.body.map((profile) => profile.name)).toEqual(['alice.eth'])
    const suggestions = await getJson<{ suggestions: unknown[] }>(server(), '/v1/profile/suggestions/alice')
    expect(suggestions.body.suggestions[0]).toEqual({ name: 'alice.latch.id', registered: false })
    const register = await postJson<{ code: string; reasons: { description: string }[] }>(
      server(),
      '/v1/profile/account',
      {
        coin_type: Number(toCoinType(31337)),
        address: holder,
        message: '{}',
        signature: `0x${'1b'.repeat(65)}`,
      },
    )
    expect(register.status).toBe(400)
    expect(register.body).toMatchObject({ code: 'MESSAGE_INVALID' })
    expect(register.body.reasons[0]?.description).toContain('expected { name, attributes, timestamp }')
  })

  it("onramp: options with the payment limits and both ramps, a quote with the provider's 1-2 % fee, and the ramp's checkout URL", async () => {
    // onramp.test.ts drives the checkout and the delivery on chains of its own.
    type Options = {
      paymentCurrencies: { id: string; payment_method_limits: unknown[] }[]
      purchaseCurrencies: { symbol: string }[]
      providers: { id: string; feePercent: number }[]
    }
    const options = (await getJson<Options>(server(), '/v1/onramp/options')).body
    expect(options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH', 'LUSD', 'LTK'])
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    expect(options.providers.map((p) => [p.id, p.feePercent])).toEqual([
      ['latchramp', 1],
      ['rampbeta', 2],
    ])
    type Quote = { paymentTotal: unknown; providerFee: { amount: string }; provider: string }
    for (const provider of ['latchramp', 'rampbeta']) {
      const quote = await postJson<Quote>(server(), '/v1/onramp/quote', {
        purchaseCurrency: { id: 'LUSD' },
        paymentCurrency: { id: 'USD' },
        amount: '100',
        network: LOCAL,
        provider,
      })
      expect(quote.body.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' })
      const fee = Number(quote.body.providerFee.amount)
      expect(fee).toBeGreaterThanOrEqual(1)
      expect(fee).toBeLessThanOrEqual(2)
      expect(quote.body.provider).toBe(provider)
    }
    const url = await postJson<{ url: string }>(server(), '/v1/generators/onrampurl', {
      destinationWallets: [{ address: holder }],
      partnerUserId: 'visitor',
      defaultExperience: 'buy',
    })
    expect(url.body.url.startsWith(`${server().ramps[0]!.url}/checkout?order=`)).toBe(true)
  })

  it('sessions: none are granted locally, revoking an unknown one is 404', async () => {
    expect(await getJson(server(), `/v1/sessions/${holder}`)).toEqual({ status: 200, body: { pcis: [] } })
    const revoke = await postJson(server(), `/v1/sessions/${holder}/revoke`, {
      pci: 'nope',
      signature: '0x00',
    })
    expect(revoke.status).toBe(404)
  })
})

type Wallet = { id: string; name: string; image_id?: string; chains: string[]; badge_type?: string }
type WalletList = { count: number; data: Wallet[] }

const getWallets = async (query: Record<string, string | number | readonly string[]>) => {
  const { status, body } = await getJson<WalletList>(server(), '/getWallets', query)
  expect(status).toBe(200)
  return body
}

describe('wallet registry (GET /getWallets)', () => {
  it('pages a registry of at least 500 wallets with every list field', async () => {
    const first = await getWallets({ page: 1, entries: 40 })
    expect(first.count).toBe(REGISTRY_SIZE)
    expect(first.count).toBeGreaterThanOrEqual(500)
    expect(first.data).toHaveLength(40)
    const wallet = first.data[0]!
    expect(Object.keys(wallet)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'image_id',
        'rdns',
        'chains',
        'mobile_link',
        'desktop_link',
        'webapp_link',
      ]),
    )
    const second = await getWallets({ page: 2, entries: 40 })
    expect(second.data[0]?.id).not.toBe(wallet.id)
    const last = await getWallets({ page: 14, entries: 40 })
    expect(last.data).toHaveLength(REGISTRY_SIZE - 13 * 40)
    // Deterministic: the same request gives the same wallets.
    expect((await getWallets({ page: 1, entries: 40 })).data).toEqual(first.data)
    // Without page and entries: the first 40.
    expect((await getWallets({})).data).toEqual(first.data)
  })

  it('filters by search, include, exclude, badge and chains', async () => {
    const vaults = await getWallets({ page: 1, entries: 100, search: 'VAULT' })
    expect(vaults.count).toBeGreaterThan(0)
    expect(vaults.data.every((w) => w.name.toLowerCase().includes('vault'))).toBe(true)

    const page = await getWallets({ page: 1, entries: 5 })
    const ids = page.data.map((w) => w.id)
    const included = await getWallets({ page: 1, entries: 40, include: ids.slice(0, 3) })
    expect(included.data.map((w) => w.id)).toEqual(ids.slice(0, 3))
    const excluded = await getWallets({ page: 1, entries: 5, exclude: ids.slice(0, 2) })
    expect(excluded.count).toBe(REGISTRY_SIZE - 2)
    expect(excluded.data[0]?.id).toBe(ids[2])

    const certified = await getWallets({ page: 1, entries: 100, badge_type: 'certified' })
    expect(certified.count).toBeGreaterThan(0)
    expect(certified.count).toBeLessThan(REGISTRY_SIZE)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)

    const local = await getWallets({ page: 1, entries: 100, chains: ['eip155:31337'] })
    expect(local.count).toBeGreaterThan(0)
    expect(local.data.every((w) => w.chains.includes('eip155:31337'))).toBe(true)
  })

  it('image URLs serve a small, stable SVG; unknown images are 404', async () => {
    const { data } = await getWallets({ page: 1, entries: 1 })
    const image = (path: string) => fetch(`${server().url}${path}?projectId=${PROJECT_ID}`)
    const url = `/getWalletImage/${encodeURIComponent(data[0]!.image_id!)}`
    const response = await image(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await response.text()
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg.length).toBeLessThan(1000)
    expect(await (await image(url)).text()).toBe(svg)
    expect((await image('/public/getTokenImage/LUSD')).status).toBe(200)
    expect((await image('/getWalletImage/unknown-image')).status).toBe(404)
  })
})

describe('project settings', () => {
  it('analytics config reports what the project says', async () => {
    expect((await getJson(server(), '/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: true })
    server().settings.analyticsEnabled = false
    expect((await getJson(server(), '/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: false })
  })

  it('allowed origins lists what the project allows, and nothing by default', async () => {
    const origins = () => getJson(server(), '/projects/v1/origins')
    expect(await origins()).toEqual({ status: 200, body: { allowedOrigins: [] } })
    server().settings.allowedOrigins = ['https://app.example.com', 'https://*.example.org']
    expect((await origins()).body).toEqual({
      allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
    })
  })
})
