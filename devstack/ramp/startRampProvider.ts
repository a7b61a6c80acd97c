/**
 * A local on-ramp provider on its own origin: a checkout page that takes test cards and a
 * bank transfer, and on approval delivers what the API quoted from the ramp treasury on
 * the local chains. Its `provider` is what the API is configured with
 * (`createApiApp({ onramp: { providers } })`): the checkout URL for an order, and the
 * purchases it recorded, read in process. EVM chains only: nothing is delivered on Solana.
 *
 * Routes: `GET /checkout?order=<token>` (the page), `POST /checkout/pay` (the form: order,
 * fiatAmount, method card|bank, cardNumber). Purchases are kept in memory (the newest
 * 10,000), pending until the delivery is mined, then completed with its hash, or failed.
 *
 * It also speaks what a config file's on-ramp provider expects (server/api/httpOnrampProvider.ts),
 * so `latchkit-server --config` can name it without code: `GET /checkout?address=…&network=…
 * &asset=…[&partnerUserId&fiatAmount&fiatCurrency&cryptoAmount]` opens an order and sends
 * the browser on to its page, and `GET /purchases?address=` answers `{ purchases }`.
 */
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type Address, getAddress, isAddress, parseUnits } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../server/api/chainConfig.js'
import {
  type FiatCurrency,
  fiatForCrypto,
  type OnrampAsset,
  type OnrampOrder,
  type OnrampProvider,
  type OnrampPurchase,
  type OnrampQuoteFigures,
  outOfLimitsMessage,
  paymentLimitsOf,
  quoteOnramp,
  withinLimits,
} from '../../server/api/onrampProvider.js'
import type { PriceSource } from '../../server/api/priceSource.js'
import { listen } from '../../server/http/listen.js'
import { type ApiChain, toChainConfig } from '../api/fixtureChains.js'
import { FIXTURE_USD_PER_EUR, fixturePriceSource } from '../api/prices.js'
import { type FixtureAccount, fixtureTokens, rampTreasury } from '../fixtures.js'
import { type RampBrand, rampBrands } from './brands.js'
import { type CheckoutView, checkoutPage, errorPage, type ResultView, resultPage } from './checkoutPage.js'
import { decodeOrder, encodeOrder, type RampOrder } from './orderToken.js'
import { deliver } from './treasury.js'

/** The test card that is approved. */
export const APPROVED_TEST_CARD = '4242424242424242'
/** The test card that is declined. */
export const DECLINED_TEST_CARD = '4000000000000002'

/** The most purchases kept (the oldest go first). */
const MAX_PURCHASES = 10_000

export type StartRampProviderOptions = {
  /** The chains it delivers on; `startChains().chains` fits as is. */
  chains: readonly ApiChain[]
  brand: RampBrand
  /** The account that pays out. Default `rampTreasury` (anvil account 6), which holds LUSD and LTK. */
  treasury?: FixtureAccount
  /** USD prices. Default the fixture prices, as the local API's. */
  prices?: PriceSource
  /** USD per euro. Default {@link FIXTURE_USD_PER_EUR}, as the local API's. */
  usdPerEur?: number
  /** Default: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type RampProviderServer = {
  brand: RampBrand
  /** The ramp's origin, e.g. `http://127.0.0.1:43123`. */
  url: string
  port: number
  /** What the API is configured with. */
  provider: OnrampProvider
  /** Resolves once every delivery under way is mined (or has failed). */
  settled(): Promise<void>
  /** Stops listening, waits for deliveries under way, and resolves when done. Safe to call twice. */
  stop(): Promise<void>
}

/** An asset the ramp sells: a chain's ETH, or a token the treasury holds. */
type RampAsset = {
  network: string
  chainId: number
  rpcUrl: string
  networkName: string
  /** CAIP-10, as the API names it. */
  asset: string
  symbol: string
  decimals: number
  /** The ERC20; absent for ETH. */
  token?: Address
}

type PurchaseEntry = OnrampPurchase & { failure?: 'declined' | 'delivery' }

function rampAssets(chains: readonly ApiChain[]): Map<string, RampAsset> {
  const assets = new Map<string, RampAsset>()
  for (const chain of chains) {
    const config = toChainConfig(chain)
    const network = `eip155:${chain.chainId}`
    const base = { network, chainId: chain.chainId, rpcUrl: chain.rpcUrl, networkName: config.name! }
    const native = config.nativeCurrency!
    const list: RampAsset[] = [
      {
        ...base,
        asset: `${network}:${NATIVE_TOKEN_ADDRESS}`,
        symbol: native.symbol,
        decimals: native.decimals,
      },
      ...(config.tokens ?? [])
        .filter((token) => {
          const fixture = Object.values(fixtureTokens).find((candidate) => candidate.symbol === token.symbol)
          return fixture !== undefined && fixture.rampTreasuryBalance > 0n
        })
        .map((token) => ({
          ...base,
          asset: `${network}:${token.address}`,
          symbol: token.symbol,
          decimals: token.decimals,
          token: token.address,
        })),
    ]
    for (const asset of list) assets.set(asset.asset.toLowerCase(), asset)
  }
  return assets
}

/** '98.500000' as '98.5', '100.000000' as '100'. */
const trimZeros = (amount: string) => (amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount)

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

/**
 * @example
 * const ramp = await startRampProvider({ chains: chains.chains, brand: latchRamp })
 * createApiApp({ ..., onramp: { providers: [ramp.provider] } })
 * await ramp.stop()
 */
export async function startRampProvider(options: StartRampProviderOptions): Promise<RampProviderServer> {
  const { brand } = options
  const treasury = options.treasury ?? rampTreasury
  const prices = options.prices ?? fixturePriceSource
  const usdPerEur = options.usdPerEur ?? FIXTURE_USD_PER_EUR
  const assets = rampAssets(options.chains)
  const book = new Map<string, PurchaseEntry>()
  const inFlight = new Set<Promise<void>>()
  let origin = ''

  const assetOf = (order: RampOrder): RampAsset | undefined => {
    const asset = assets.get(order.asset.toLowerCase())
    return asset && asset.network === order.network && isAddress(order.address, { strict: false })
      ? asset
      : undefined
  }

  /** One whole unit of `asset` in `currency`; undefined when no price is known. */
  async function unitPrice(asset: RampAsset, currency: FiatCurrency): Promise<number | undefined> {
    const usd = await prices.usd({
      chainId: asset.network,
      symbol: asset.symbol,
      ...(asset.token && { address: asset.token }),
    })
    if (usd === undefined || !(usd > 0)) return undefined
    return currency === 'USD' ? usd : usd / usdPerEur
  }

  async function quote(
    asset: RampAsset,
    fiatAmount: string,
    currency: FiatCurrency,
  ): Promise<OnrampQuoteFigures> {
    const price = await unitPrice(asset, currency)
    if (price === undefined) throw new Error(`${brand.name} has no price for ${asset.symbol}`)
    return quoteOnramp({
      fiatAmount,
      feePercent: brand.feePercent,
      networkFee: brand.networkFee,
      unitPrice: price,
      decimals: asset.decimals,
    })
  }

  /** The amount to prefill: the order's, or what buying its amount of crypto costs. */
  async function presetAmount(order: RampOrder, asset: RampAsset): Promise<string | undefined> {
    if (order.fiatAmount !== undefined || order.cryptoAmount === undefined) return order.fiatAmount
    const price = await unitPrice(asset, order.fiatCurrency ?? 'USD')
    if (price === undefined) return undefined
    return fiatForCrypto({
      cryptoAmount: order.cryptoAmount,
      feePercent: brand.feePercent,
      networkFee: brand.networkFee,
      unitPrice: price,
      decimals: asset.decimals,
    })
  }

  function record(entry: PurchaseEntry): void {
    book.set(entry.orderId, entry)
    if (book.size > MAX_PURCHASES) book.delete(book.keys().next().value!)
  }

  function settle(orderId: string, patch: Partial<PurchaseEntry>): void {
    const entry = book.get(orderId)
    if (entry) Object.assign(entry, patch, { updatedAt: Math.max(Date.now(), entry.createdAt) })
  }

  function startDelivery(entry: PurchaseEntry, asset: RampAsset): void {
    const task = deliver({
      treasury,
      chainId: asset.chainId,
      rpcUrl: asset.rpcUrl,
      to: entry.address as Address,
      amount: parseUnits(entry.purchaseAmount, asset.decimals),
      ...(asset.token && { token: asset.token }),
    }).then(
      (txHash) => settle(entry.orderId, { status: 'completed', txHash }),
      (error: unknown) => {
        settle(entry.orderId, { status: 'failed', failure: 'delivery' })
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
        console.error(`[${brand.name}] order ${entry.orderId}: the delivery failed: ${reason}`)
      },
    )
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
  }

  const resultOf = (entry: PurchaseEntry): ResultView => ({
    brand,
    outcome: entry.failure === 'declined' ? 'declined' : entry.failure === 'delivery' ? 'failed' : 'approved',
    orderId: entry.orderId,
    fiatAmount: entry.fiatAmount,
    fiatCurrency: entry.fiatCurrency,
    purchaseAmount: entry.purchaseAmount,
    symbol: entry.symbol,
    address: entry.address,
    txHash: entry.txHash,
  })

  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
  })
  app.onError((error, c) => {
    console.error(`[${brand.name}]`, error)
    return c.html(errorPage(brand, 'Something went wrong on our side.'), 500)
  })
  app.notFound((c) => c.html(errorPage(brand, 'There is no page here.'), 404))

  const invalidLink = 'This checkout link is not valid.'

  /** A new order of the API's, as the token its checkout page carries. */
  const tokenFor = (order: OnrampOrder) =>
    encodeOrder({
      orderId: randomUUID(),
      partnerUserId: order.partnerUserId,
      address: order.address,
      network: order.network,
      asset: order.asset,
      ...(order.fiatAmount !== undefined && { fiatAmount: order.fiatAmount }),
      fiatCurrency: order.fiatCurrency === 'EUR' ? 'EUR' : 'USD',
      ...(order.cryptoAmount !== undefined && { cryptoAmount: order.cryptoAmount }),
    })

  /** The purchases for a destination address, newest first. */
  const purchasesOf = async (address: string): Promise<OnrampPurchase[]> => {
    const wanted = address.toLowerCase()
    return [...book.values()]
      .filter((entry) => entry.address.toLowerCase() === wanted)
      .reverse()
      .map(({ failure: _failure, ...purchase }) => ({ ...purchase }))
  }
  const notSold = `${brand.name} does not sell that asset on that network to that address.`

  async function checkoutView(order: RampOrder, asset: RampAsset, token: string): Promise<CheckoutView> {
    const fiatAmount = await presetAmount(order, asset)
    const currency = order.fiatCurrency ?? 'USD'
    return {
      brand,
      token,
      partnerUserId: order.partnerUserId,
      address: order.address,
      networkName: asset.networkName,
      symbol: asset.symbol,
      fiatCurrency: currency,
      fiatAmount,
      quote: fiatAmount === undefined ? undefined : await quote(asset, fiatAmount, currency),
      method: 'card',
    }
  }

  app.get('/checkout', async (c) => {
    const given = c.req.query('order')
    if (given === undefined) {
      // The order as query parameters: opened here, then its page, as a link of its own.
      const query = c.req.query()
      if (!query.address || !query.network || !query.asset) return c.html(errorPage(brand, invalidLink), 400)
      const token = tokenFor({
        partnerUserId: query.partnerUserId ?? '',
        address: query.address,
        network: query.network,
        asset: query.asset,
        ...(query.fiatAmount !== undefined && { fiatAmount: query.fiatAmount }),
        ...(query.fiatCurrency !== undefined && { fiatCurrency: query.fiatCurrency }),
        ...(query.cryptoAmount !== undefined && { cryptoAmount: query.cryptoAmount }),
      })
      return c.redirect(`/checkout?order=${token}`, 303)
    }
    const token = given
    const order = decodeOrder(token)
    if (!order) return c.html(errorPage(brand, invalidLink), 400)
    const asset = assetOf(order)
    if (!asset) return c.html(errorPage(brand, notSold), 400)
    return c.html(checkoutPage(await checkoutView(order, asset, token)))
  })

  app.get('/purchases', async (c) => c.json({ purchases: await purchasesOf(c.req.query('address') ?? '') }))

  app.post(
    '/checkout/pay',
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) => c.html(errorPage(brand, 'The form is larger than a checkout form.'), 413),
    }),
    async (c) => {
      let form: Record<string, unknown>
      try {
        form = await c.req.parseBody()
      } catch {
        return c.html(errorPage(brand, 'The form could not be read.'), 400)
      }
      const field = (name: string) => {
        const value = form[name]
        return typeof value === 'string' ? value : ''
      }
      const token = field('order')
      const order = decodeOrder(token)
      if (!order) return c.html(errorPage(brand, invalidLink), 400)
      const asset = assetOf(order)
      if (!asset) return c.html(errorPage(brand, notSold), 400)
      // One payment per order: paying again shows how the first went.
      const existing = book.get(order.orderId)
      if (existing) return c.html(resultPage(resultOf(existing)))

      const currency = order.fiatCurrency ?? 'USD'
      const fiatAmount = field('fiatAmount').trim().slice(0, 32)
      const method = field('method') === 'bank' ? 'bank' : 'card'
      const cardNumber = field('cardNumber').slice(0, 64)
      const refuse = async (error: string) => {
        const view = await checkoutView(order, asset, token)
        const amount = /^\d{1,9}(\.\d{1,2})?$/.test(fiatAmount) ? fiatAmount : undefined
        return c.html(
          checkoutPage({
            ...view,
            fiatAmount: fiatAmount || view.fiatAmount,
            quote: amount === undefined ? undefined : await quote(asset, amount, currency),
            method,
            cardNumber,
            error,
          }),
          400,
        )
      }
      if (field('method') !== 'card' && field('method') !== 'bank') return refuse('Pick a payment method.')
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(fiatAmount)) return refuse('Type the amount to pay, such as 100.00.')
      const limits = paymentLimitsOf(method === 'card' ? 'card' : 'ach_bank_account')
      if (!withinLimits(fiatAmount, limits)) return refuse(outOfLimitsMessage(limits, currency))
      let approved = true
      if (method === 'card') {
        const digits = cardNumber.replace(/[\s-]/g, '')
        if (digits === DECLINED_TEST_CARD) approved = false
        else if (digits !== APPROVED_TEST_CARD) {
          return refuse('Use a test card: 4242 4242 4242 4242 (approved) or 4000 0000 0000 0002 (declined).')
        }
      }

      const figures = await quote(asset, fiatAmount, currency)
      const now = Date.now()
      const entry: PurchaseEntry = {
        orderId: order.orderId,
        partnerUserId: order.partnerUserId,
        address: getAddress(order.address),
        network: asset.network,
        asset: asset.asset,
        symbol: asset.symbol,
        purchaseAmount: trimZeros(figures.purchaseAmount),
        fiatAmount: Number(fiatAmount).toFixed(2),
        fiatCurrency: currency,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      }
      record(entry)
      if (approved) startDelivery(entry, asset)
      else settle(entry.orderId, { status: 'failed', failure: 'declined' })
      return c.html(resultPage(resultOf(entry)))
    },
  )

  const provider: OnrampProvider = {
    id: brand.id,
    name: brand.name,
    feePercent: brand.feePercent,
    networkFee: brand.networkFee,
    checkoutUrl: (order: OnrampOrder) => `${origin}/checkout?order=${tokenFor(order)}`,
    purchases: purchasesOf,
    sells(asset: OnrampAsset) {
      const found = assets.get(asset.asset.toLowerCase())
      return found !== undefined && found.network === asset.network
    },
  }

  const server = await listen(app.fetch, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  origin = server.url
  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight])
  }
  let stopping: Promise<void> | undefined
  return {
    brand,
    url: server.url,
    port: server.port,
    provider,
    settled,
    stop() {
      stopping ??= server.close().then(settled)
      return stopping
    },
  }
}

/**
 * Both brands (Latch Ramp, then Ramp Beta), each on its own port.
 *
 * @example
 * const ramps = await startRampProviders({ chains: chains.chains })
 * createApiApp({ ..., onramp: { providers: ramps.map((ramp) => ramp.provider) } })
 */
export async function startRampProviders(
  options: Omit<StartRampProviderOptions, 'brand' | 'port'> & { brands?: readonly RampBrand[] },
): Promise<RampProviderServer[]> {
  const started = await Promise.allSettled(
    (options.brands ?? rampBrands).map((brand) => startRampProvider({ ...options, brand })),
  )
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await Promise.allSettled(running.map((ramp) => ramp.stop()))
    throw failure.reason
  }
  return running
}
