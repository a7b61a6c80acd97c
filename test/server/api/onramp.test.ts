/**
 * The on-ramp end to end, over real HTTP on real anvil chains (this file's own: purchases
 * send transactions): the options, quotes and checkout URLs of the local API server,
 * answered from the devstack's two ramps (Latch Ramp 1 %, Ramp Beta 2 %); the ramp's
 * checkout page fetched and its form posted as a browser would; the delivery read back on
 * the chain with viem and in the history's `onramp` filter.
 */
import { type Address, createPublicClient, erc20Abi, formatUnits, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toChainConfig } from '../../../devstack/api/fixtureChains'
import { FIXTURE_USD_PER_EUR, fixturePriceSource, fixturePrices } from '../../../devstack/api/prices'
import { type ApiServer, startApiServer } from '../../../devstack/api/server'
import { type StartedChains, startChains } from '../../../devstack/chain'
import { fixtureContracts, rampTreasury } from '../../../devstack/fixtures'
import { latchRamp, rampBeta } from '../../../devstack/ramp'
import { startServer } from '../../../server/startServer'
import { getJson, LOCAL, LOCAL_2, PROJECT_ID, postJson } from './helpers'

let chains: StartedChains
let api: ApiServer
let bare: ApiServer

beforeAll(async () => {
  chains = await startChains()
  api = await startApiServer({ chains: chains.chains })
  bare = await startApiServer({ chains: chains.chains, onramp: false })
})

afterAll(async () => {
  await Promise.allSettled([api?.stop(), bare?.stop()])
  await chains?.stop()
})

const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

type Money = { amount: string; currency: string }
type Quote = {
  paymentTotal: Money
  paymentSubtotal: Money
  purchaseAmount: Money
  networkFee: Money
  providerFee: Money
  quoteId: string
  provider: string
}
type Refusal = { message: string; code?: string }
type HistoryEntry = {
  id: string
  metadata: {
    operationType: string
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: string
    nonce: number
    application: { name: string }
    chain: string
  }
  transfers: {
    fungible_info: { name: string; symbol: string; icon: null }
    direction: string
    quantity: { numeric: string }
    value: number
    price: null
  }[]
}

const quote = (body: Record<string, unknown>) =>
  postJson<Quote & Refusal>(api, '/v1/onramp/quote', {
    purchaseCurrency: { id: 'LUSD' },
    paymentCurrency: { id: 'USD' },
    amount: '100.00',
    network: LOCAL,
    ...body,
  })

const checkoutUrl = async (body: Record<string, unknown>) => {
  const answer = await postJson<{ url: string } & Refusal>(api, '/v1/generators/onrampurl', {
    partnerUserId: 'visitor-1',
    defaultExperience: 'buy',
    ...body,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.url
}

const orderOf = (url: string) =>
  JSON.parse(Buffer.from(new URL(url).searchParams.get('order')!, 'base64url').toString('utf8')) as Record<
    string,
    string
  >

/** The checkout page as a browser gets it. */
async function openCheckout(url: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(url)
  return { status: response.status, html: await response.text(), headers: response.headers }
}

/** Submits the checkout's form as a browser would: its hidden order, and what the visitor typed. */
async function pay(
  url: string,
  fields: { method: 'card' | 'bank'; cardNumber?: string; fiatAmount?: string },
): Promise<{ status: number; html: string }> {
  const page = await openCheckout(url)
  expect(page.status).toBe(200)
  const order = /name="order" value="([^"]+)"/.exec(page.html)?.[1]
  const prefilled = /data-testid="ramp-amount" value="([^"]*)"/.exec(page.html)?.[1] ?? ''
  expect(order).toBeDefined()
  const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1]
  const response = await fetch(new URL(action!, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      order: order!,
      fiatAmount: fields.fiatAmount ?? prefilled,
      method: fields.method,
      cardNumber: fields.cardNumber ?? '',
    }),
  })
  return { status: response.status, html: await response.text() }
}

const onrampHistory = (address: string, provider: string) =>
  getJson<{ data: HistoryEntry[]; next: null } & Refusal>(api, `/v1/account/${address}/history`, {
    onramp: provider,
    chainId: LOCAL,
  })

/** The history once its newest purchase has left pending. */
async function settledHistory(address: string, provider: string): Promise<HistoryEntry[]> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const { status, body } = await onrampHistory(address, provider)
    expect(status).toBe(200)
    const newest = body.data[0]
    if (newest && newest.metadata.status !== 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS') return body.data
    if (Date.now() > deadline) throw new Error(`the purchase is still in progress: ${JSON.stringify(body)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const client = () => createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) })
const lusdOf = (address: Address) =>
  client().readContract({
    address: fixtureContracts.LUSD,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('GET /v1/onramp/options', () => {
  it('offers ETH, LUSD and LTK on both chains, USD and EUR with the card and bank limits, and both providers', async () => {
    const { status, body } = await getJson<{
      purchaseCurrencies: {
        id: string
        name: string
        symbol: string
        networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
      }[]
      paymentCurrencies: unknown
      providers: unknown
    }>(api, '/v1/onramp/options')
    expect(status).toBe(200)
    expect(body.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: LIMITS },
      { id: 'EUR', payment_method_limits: LIMITS },
    ])
    expect(body.providers).toEqual([
      { id: 'latchramp', name: 'Latch Ramp', feePercent: 1 },
      { id: 'rampbeta', name: 'Ramp Beta', feePercent: 2 },
    ])
    // ZDT is served but the ramps do not sell it (the treasury holds none).
    expect(body.purchaseCurrencies.map((c) => [c.id, c.name, c.symbol])).toEqual([
      ['ETH', 'Ether', 'ETH'],
      ['LUSD', 'Latch USD', 'LUSD'],
      ['LTK', 'Latch Token', 'LTK'],
    ])
    const [eth, lusd] = body.purchaseCurrencies
    expect(eth!.networks).toEqual([
      { name: LOCAL, display_name: 'Latch Local 31337', chain_id: '31337', contract_address: '' },
      { name: LOCAL_2, display_name: 'Latch Local 31338', chain_id: '31338', contract_address: '' },
    ])
    expect(lusd!.networks.map((n) => [n.chain_id, n.contract_address])).toEqual([
      ['31337', fixtureContracts.LUSD],
      ['31338', fixtureContracts.LUSD],
    ])
  })

  it('answers 501 JSON on a server without providers, on every on-ramp route and the history filter', async () => {
    const notConfigured = {
      message: 'No on-ramp provider is configured on this server',
      code: 'ONRAMP_NOT_CONFIGURED',
    }
    expect(await getJson(bare, '/v1/onramp/options')).toEqual({ status: 501, body: notConfigured })
    expect(
      await postJson(bare, '/v1/onramp/quote', {
        purchaseCurrency: { id: 'ETH' },
        paymentCurrency: { id: 'USD' },
        amount: '100.00',
        network: LOCAL,
      }),
    ).toEqual({ status: 501, body: notConfigured })
    expect(
      await postJson(bare, '/v1/generators/onrampurl', {
        destinationWallets: [{ address: rampTreasury.address }],
        partnerUserId: 'x',
      }),
    ).toEqual({ status: 501, body: notConfigured })
    expect(
      await getJson(bare, `/v1/account/${rampTreasury.address}/history`, { onramp: 'latchramp' }),
    ).toEqual({ status: 501, body: notConfigured })
  })
})

describe('POST /v1/onramp/quote', () => {
  it("charges each provider's fee and network fee, and buys the rest at the fixture price", async () => {
    const latch = await quote({ provider: 'latchramp' })
    expect(latch.status).toBe(200)
    expect(latch.body).toMatchObject({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      providerFee: { amount: '1.00', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: '98.50', currency: 'USD' },
      purchaseAmount: { amount: '98.500000', currency: 'LUSD' },
      provider: 'latchramp',
    })
    expect(latch.body.quoteId).toMatch(/^[0-9a-f-]{36}$/)

    const beta = await quote({ provider: 'rampbeta' })
    expect(beta.body).toMatchObject({
      providerFee: { amount: '2.00', currency: 'USD' },
      paymentSubtotal: { amount: '97.50', currency: 'USD' },
      purchaseAmount: { amount: '97.500000', currency: 'LUSD' },
      provider: 'rampbeta',
    })
    // Without a provider: the first, Latch Ramp.
    expect((await quote({})).body.provider).toBe('latchramp')
  })

  it('prices ETH and LTK from the fixture table, EUR through the fixture rate, on a chain named by number', async () => {
    const eth = await quote({ purchaseCurrency: { id: 'ETH' }, network: '31338', amount: '2000' })
    const ethSubtotal = 2000 - 20 - 0.5
    expect(eth.body.purchaseAmount).toEqual({
      amount: (ethSubtotal / fixturePrices.native).toFixed(6),
      currency: 'ETH',
    })
    expect(eth.body.purchaseAmount.amount).toBe('0.989750')

    const ltk = await quote({
      purchaseCurrency: { id: 'LTK' },
      paymentCurrency: { id: 'EUR' },
      provider: 'rampbeta',
    })
    expect(ltk.body.paymentTotal).toEqual({ amount: '100.00', currency: 'EUR' })
    expect(ltk.body.providerFee).toEqual({ amount: '2.00', currency: 'EUR' })
    const ltkAmount = (97.5 * FIXTURE_USD_PER_EUR) / fixturePrices.LTK
    expect(Number(ltk.body.purchaseAmount.amount)).toBeCloseTo(ltkAmount, 6)
    expect(ltk.body.purchaseAmount.amount).toBe('42.900000')
  })

  it('refuses an amount outside the card limits with ONRAMP_AMOUNT_OUT_OF_LIMITS, in the currency asked', async () => {
    for (const amount of ['9.99', '7500.01', '0']) {
      expect(await quote({ amount })).toEqual({
        status: 400,
        body: {
          code: 'ONRAMP_AMOUNT_OUT_OF_LIMITS',
          message: 'Amount must be between 10.00 and 7500.00 USD',
        },
      })
    }
    expect((await quote({ amount: '10' })).status).toBe(200)
    expect((await quote({ amount: '7500.00' })).status).toBe(200)
    expect((await quote({ amount: '8000', paymentCurrency: { id: 'EUR' } })).body).toEqual({
      code: 'ONRAMP_AMOUNT_OUT_OF_LIMITS',
      message: 'Amount must be between 10.00 and 7500.00 EUR',
    })
  })

  it('answers bad input with a 400 JSON message naming the field', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ paymentCurrency: { id: 'JPY' } }, 'paymentCurrency'],
      [{ amount: '100.001' }, 'amount'],
      [{ amount: 100 }, 'amount'],
      [{ network: 'eip155:1' }, 'network'],
      [{ network: 'solana:nope' }, 'network'],
      [{ purchaseCurrency: {} }, 'purchaseCurrency'],
      [{ provider: 'coinbase' }, 'provider', 'ONRAMP_UNKNOWN_PROVIDER'],
      [{ purchaseCurrency: { id: 'ZDT' } }, 'purchaseCurrency.id', 'ONRAMP_UNSUPPORTED_ASSET'],
      [{ purchaseCurrency: { id: 'BTC' } }, 'purchaseCurrency.id', 'ONRAMP_UNSUPPORTED_ASSET'],
    ]
    for (const [body, field, code] of cases) {
      const answer = await quote(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.message).toContain(field)
      expect(answer.body.code).toBe(code ?? 'BAD_REQUEST')
    }
    const notJson = await fetch(`${api.url}/v1/onramp/quote?projectId=p`, { method: 'POST', body: '{nope' })
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as Refusal).message).toContain('not JSON')
  })
})

describe('POST /v1/generators/onrampurl', () => {
  it("gives the provider's checkout page with the order: who, what, where and how much", async () => {
    const buyer = freshAddress()
    const url = await checkoutUrl({
      destinationWallets: [{ address: buyer.toLowerCase(), blockchains: [LOCAL_2], assets: ['LUSD'] }],
      presetFiatAmount: 250,
      fiatCurrency: 'EUR',
    })
    expect(url.startsWith(`${api.ramps[0]!.url}/checkout?order=`)).toBe(true)
    expect(orderOf(url)).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      partnerUserId: 'visitor-1',
      address: buyer,
      network: LOCAL_2,
      asset: `${LOCAL_2}:${fixtureContracts.LUSD}`,
      fiatAmount: '250.00',
      fiatCurrency: 'EUR',
    })

    const beta = await checkoutUrl({
      destinationWallets: [{ address: buyer }],
      defaultNetwork: '31337',
      presetCryptoAmount: '0.5',
      provider: 'rampbeta',
    })
    expect(new URL(beta).origin).toBe(api.ramps[1]!.url)
    expect(api.ramps[1]!.brand).toBe(rampBeta)
    // ETH by default; the money for half an ether at $2,000 after Ramp Beta's 2 % and $0.50.
    expect(orderOf(beta)).toMatchObject({
      network: LOCAL,
      asset: `${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
      cryptoAmount: '0.5',
      fiatAmount: '1020.92',
      fiatCurrency: 'USD',
    })
  })

  it('refuses what it cannot send to a checkout', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ destinationWallets: [] }, 'destinationWallets'],
      [{ destinationWallets: [{ address: 'nobody' }] }, 'address'],
      [{ destinationWallets: [{ address: rampTreasury.address }], partnerUserId: '' }, 'partnerUserId'],
      [{ destinationWallets: [{ address: rampTreasury.address }], partnerUserId: 'a\nb' }, 'partnerUserId'],
      [
        { destinationWallets: [{ address: rampTreasury.address }], defaultNetwork: 'eip155:1' },
        'defaultNetwork',
      ],
      [
        {
          destinationWallets: [{ address: rampTreasury.address, blockchains: [LOCAL] }],
          defaultNetwork: LOCAL_2,
        },
        'defaultNetwork',
      ],
      [
        { destinationWallets: [{ address: rampTreasury.address, assets: ['ZDT'] }] },
        'assets',
        'ONRAMP_UNSUPPORTED_ASSET',
      ],
      [
        { destinationWallets: [{ address: rampTreasury.address }], presetFiatAmount: '25000.01' },
        'Amount must be between 10.00 and 25000.00 USD',
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
      ],
      [
        { destinationWallets: [{ address: rampTreasury.address }], provider: 'x' },
        'provider',
        'ONRAMP_UNKNOWN_PROVIDER',
      ],
    ]
    for (const [body, mentions, code] of cases) {
      const answer = await postJson<Refusal>(api, '/v1/generators/onrampurl', { partnerUserId: 'p', ...body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.message).toContain(mentions)
      expect(answer.body.code).toBe(code ?? 'BAD_REQUEST')
    }
  })
})

describe('the ramp checkout', () => {
  it('is a page of its own origin, marked TEST MONEY ONLY, with the order and the test controls', async () => {
    const buyer = freshAddress()
    const url = await checkoutUrl({ destinationWallets: [{ address: buyer }], presetFiatAmount: '100' })
    const page = await openCheckout(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.html).toContain('<title>Latch Ramp checkout — TEST MONEY ONLY</title>')
    for (const id of [
      'ramp-card-number',
      'ramp-method-card',
      'ramp-method-bank',
      'ramp-pay',
      'ramp-amount',
    ]) {
      expect(page.html).toContain(`data-testid="${id}"`)
    }
    expect(page.html).toContain(buyer)
    expect(page.html).toContain('0.049250 ETH')
    // No outside asset, no script.
    expect(page.html).not.toMatch(/<script|<link|src=|https?:\/\/(?!127\.0\.0\.1)/)
  })

  it('with the approved card delivers the quoted LUSD from the treasury, and history lists it as SUCCESS', async () => {
    const buyer = freshAddress()
    const quoted = await quote({ provider: 'latchramp', amount: '100.00' })
    const url = await checkoutUrl({
      destinationWallets: [{ address: buyer, blockchains: [LOCAL], assets: ['LUSD'] }],
      presetFiatAmount: '100.00',
      provider: 'latchramp',
    })
    expect(await lusdOf(buyer)).toBe(0n)
    const result = await pay(url, { method: 'card', cardNumber: '4242 4242 4242 4242' })
    expect(result.status).toBe(200)
    expect(result.html).toContain('Payment approved — you can close this window')
    expect(result.html).toContain('data-testid="ramp-result"')

    const [purchase, ...others] = await settledHistory(buyer, 'latchramp')
    expect(others).toEqual([])
    expect(purchase).toEqual({
      id: orderOf(url).orderId,
      metadata: {
        operationType: 'buy',
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        minedAt: expect.any(String),
        sentFrom: 'Latch Ramp',
        sentTo: buyer,
        status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        nonce: 0,
        application: { name: 'Latch Ramp' },
        chain: LOCAL,
      },
      transfers: [
        {
          fungible_info: { name: 'Latch USD', symbol: 'LUSD', icon: null },
          direction: 'in',
          quantity: { numeric: '98.5' },
          value: 100,
          price: null,
        },
      ],
    })
    expect(Date.parse(purchase!.metadata.minedAt)).toBeGreaterThan(Date.now() - 60_000)
    // The chain agrees: the quoted amount arrived, in the transaction history names, from the treasury.
    expect(await lusdOf(buyer)).toBe(parseUnits(quoted.body.purchaseAmount.amount, 6))
    expect(formatUnits(await lusdOf(buyer), 6)).toBe('98.5')
    const receipt = await client().getTransactionReceipt({ hash: purchase!.metadata.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(rampTreasury.address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(fixtureContracts.LUSD.toLowerCase())

    // Paying the same order again pays nothing more: the page says how the first went.
    const again = await pay(url, { method: 'card', cardNumber: '4242424242424242' })
    expect(again.html).toContain('Payment approved — you can close this window')
    expect(again.html).toContain(purchase!.metadata.hash)
    expect(await lusdOf(buyer)).toBe(parseUnits('98.5', 6))
    // The other provider has no purchase for this address.
    expect((await onrampHistory(buyer, 'rampbeta')).body).toEqual({ data: [], next: null })
  })

  it('with the declined card delivers nothing, and history lists it as FAILED', async () => {
    const buyer = freshAddress()
    const url = await checkoutUrl({
      destinationWallets: [{ address: buyer, assets: ['LUSD'] }],
      presetFiatAmount: '50',
      provider: 'rampbeta',
    })
    const result = await pay(url, { method: 'card', cardNumber: '4000 0000 0000 0002' })
    expect(result.status).toBe(200)
    expect(result.html).toContain('Payment declined')
    const [purchase] = await settledHistory(buyer, 'rampbeta')
    expect(purchase!.metadata).toMatchObject({
      hash: '',
      status: 'ONRAMP_TRANSACTION_STATUS_FAILED',
      sentFrom: 'Ramp Beta',
    })
    expect(purchase!.transfers[0]!.quantity.numeric).toBe('48.5')
    expect(await lusdOf(buyer)).toBe(0n)
  })

  it('takes a bank transfer up to the bank limit, delivering ETH from the treasury balance', async () => {
    const buyer = freshAddress()
    const url = await checkoutUrl({ destinationWallets: [{ address: buyer }], defaultNetwork: LOCAL })
    // Over the card limit, the card is refused on the page (400) and nothing is recorded.
    const overCard = await pay(url, { method: 'card', cardNumber: '4242 4242 4242 4242', fiatAmount: '8000' })
    expect(overCard.status).toBe(400)
    expect(overCard.html).toContain('Amount must be between 10.00 and 7500.00 USD')
    const unknownCard = await pay(url, { method: 'card', cardNumber: '1234', fiatAmount: '80' })
    expect(unknownCard.html).toContain('Use a test card')
    expect((await onrampHistory(buyer, 'latchramp')).body.data).toEqual([])

    const result = await pay(url, { method: 'bank', fiatAmount: '8000' })
    expect(result.html).toContain('Payment approved — you can close this window')
    const [purchase] = await settledHistory(buyer, 'latchramp')
    expect(purchase!.metadata.status).toBe('ONRAMP_TRANSACTION_STATUS_SUCCESS')
    // 8,000 less 1 % and $0.50, at $2,000 an ether.
    expect(purchase!.transfers[0]!.quantity.numeric).toBe('3.95975')
    expect(purchase!.transfers[0]!.fungible_info.symbol).toBe('ETH')
    expect(await client().getBalance({ address: buyer })).toBe(parseUnits('3.95975', 18))
  })

  it('escapes what the URL carries, and shows nothing of a link it did not make', async () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;`
    const url = await checkoutUrl({
      destinationWallets: [{ address: freshAddress() }],
      partnerUserId: hostile,
    })
    const page = await openCheckout(url)
    expect(page.status).toBe(200)
    expect(page.html).not.toContain('<script')
    expect(page.html).not.toContain('<img')
    expect(page.html).toContain(
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;',
    )

    // A hand-made order with markup where the address goes: refused, and not echoed.
    const forged = Buffer.from(
      JSON.stringify({ ...orderOf(url), address: '<b>0x1</b>', partnerUserId: '<i>me</i>' }),
    ).toString('base64url')
    for (const order of [forged, encodeURIComponent('<script>alert(1)</script>'), '']) {
      const refused = await openCheckout(`${api.ramps[0]!.url}/checkout?order=${order}`)
      expect(refused.status).toBe(400)
      expect(refused.html).not.toMatch(/<script|<b>|<i>|alert\(/)
      expect(refused.html).toContain('Latch Ramp checkout — TEST MONEY ONLY')
    }
  })
})

describe('GET /v1/account/{address}/history?onramp=', () => {
  it('answers an unknown provider or a bad address with 400 JSON, and an address without purchases with none', async () => {
    const unknown = await getJson<Refusal>(api, `/v1/account/${rampTreasury.address}/history`, {
      onramp: 'coinbase',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe('ONRAMP_UNKNOWN_PROVIDER')
    expect(unknown.body.message).toContain('latchramp, rampbeta')
    const bad = await getJson<Refusal>(api, '/v1/account/nobody/history', { onramp: 'latchramp' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('address')
    expect(await onrampHistory(freshAddress(), latchRamp.id)).toEqual({
      status: 200,
      body: { data: [], next: null },
    })
  })
})

describe('latchkit-server from code', () => {
  it('serves the providers given to startServer: a quote with its fee, its checkout, its purchases in history', async () => {
    const provider = api.ramps[0]!.provider
    const server = await startServer({
      chains: chains.chains.map(toChainConfig),
      prices: fixturePriceSource,
      onramp: { providers: [provider] },
    })
    try {
      const get = async (path: string) =>
        (await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT_ID}`)).json()
      const options = (await get('/v1/onramp/options')) as {
        paymentCurrencies: { id: string }[]
        providers: unknown
      }
      // No euro rate given: USD only.
      expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD'])
      expect(options.providers).toEqual([{ id: 'latchramp', name: 'Latch Ramp', feePercent: 1 }])
      const quoted = await fetch(`${server.url}/v1/onramp/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          purchaseCurrency: { id: 'LUSD' },
          paymentCurrency: { id: 'EUR' },
          amount: '100',
          network: LOCAL,
        }),
      })
      expect(quoted.status).toBe(400)
      expect(((await quoted.json()) as Refusal).code).toBe('ONRAMP_UNSUPPORTED_CURRENCY')

      const buyer = freshAddress()
      const url = await checkoutUrl({
        destinationWallets: [{ address: buyer }],
        presetFiatAmount: '20',
        provider: 'latchramp',
      })
      // 20 USD less 1 % and $0.50, at $2,000 an ether.
      await pay(url, { method: 'bank' })
      await settledHistory(buyer, 'latchramp')
      const history = (await get(`/v1/account/${buyer}/history?onramp=latchramp`)) as { data: HistoryEntry[] }
      expect(
        history.data.map((entry) => [entry.metadata.status, entry.transfers[0]!.quantity.numeric]),
      ).toEqual([['ONRAMP_TRANSACTION_STATUS_SUCCESS', '0.00965']])
    } finally {
      await server.stop()
    }
  })
})
