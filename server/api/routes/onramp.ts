/**
 * The on-ramp, answered from the configured providers (`createApiApp({ onramp })`):
 * GET /v1/onramp/options (what can be bought on the served chains, the payment limits, the
 * providers), POST /v1/onramp/quote (a provider's fees and what the rest buys at the price
 * source's price), POST /v1/generators/onrampurl (the provider's checkout page for the
 * order), and the purchases the history route lists for its `onramp` filter
 * ({@link onrampHistory}). Without providers every one of them answers 501
 * `ONRAMP_NOT_CONFIGURED`; an amount outside the card limits is a 400
 * `ONRAMP_AMOUNT_OUT_OF_LIMITS`, a provider the API does not know a 400
 * `ONRAMP_UNKNOWN_PROVIDER`, an asset it does not sell a 400 `ONRAMP_UNSUPPORTED_ASSET`.
 */
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { NATIVE_TOKEN_ADDRESS } from '../chainConfig.js'
import { BadRequest, clip, HttpFailure } from '../httpErrors.js'
import {
  type FiatCurrency,
  fiatForCrypto,
  ONRAMP_PAYMENT_LIMITS,
  type OnrampAsset,
  type OnrampOrder,
  type OnrampProvider,
  type OnrampPurchase,
  type OnrampSettings,
  outOfLimitsMessage,
  paymentLimitsOf,
  quoteOnramp,
  withinLimits,
} from '../onrampProvider.js'
import { readBody, readQuery } from '../parseInput.js'
import { printableText, projectOnly } from '../schemaParts.js'

/** Wrapped SOL's mint: how a CAIP-10 address names SOL itself. */
export const SOLANA_NATIVE_MINT = 'So11111111111111111111111111111111111111112'

/** The most purchases the history's `onramp` filter lists (the newest). */
export const ONRAMP_HISTORY_LIMIT = 100

const PROVIDER_ID = /^[A-Za-z0-9_-]{1,40}$/

const fiatAmount = z
  .string()
  .check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount of money such as 100.00'))
const fiatCurrency = z.enum(['USD', 'EUR'])
const providerId = z.string().check(z.minLength(1), z.maxLength(64))
const networkId = z.string().check(z.minLength(1), z.maxLength(80))
const decimalText = /^\d{1,15}(\.\d{1,18})?$/
/** A preset amount, as text or a number. */
const presetAmount = z
  .pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) =>
      typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value,
    ),
  )
  .check(z.refine((value) => decimalText.test(value), 'must be a decimal amount'))

const postQuery = z.object({ projectId: z.optional(z.string()) })
const quoteBody = z.object({
  purchaseCurrency: z.looseObject({ id: z.string().check(z.minLength(1), z.maxLength(32)) }),
  paymentCurrency: z.looseObject({ id: fiatCurrency }),
  amount: fiatAmount,
  network: networkId,
  provider: z.optional(providerId),
  projectId: z.optional(z.string()),
})
const onrampUrlBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string().check(z.minLength(1), z.maxLength(128)),
        blockchains: z.optional(z.array(networkId).check(z.maxLength(20))),
        assets: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(50))),
      }),
    )
    .check(z.minLength(1), z.maxLength(10)),
  defaultNetwork: z.optional(networkId),
  partnerUserId: printableText(256),
  defaultExperience: z.optional(z.literal('buy')),
  presetCryptoAmount: z.optional(presetAmount),
  presetFiatAmount: z.optional(presetAmount),
  provider: z.optional(providerId),
  fiatCurrency: z.optional(fiatCurrency),
  projectId: z.optional(z.string()),
})

/**
 * Refuses on-ramp settings the routes could not serve (an id twice or not an id, a fee
 * that is not a percentage, a negative network fee, a rate that is not a number above 0).
 * `createApiApp` calls it.
 */
export function checkOnrampSettings(settings: OnrampSettings): void {
  const seen = new Set<string>()
  for (const provider of settings.providers) {
    const what = `createApiApp: onramp provider ${JSON.stringify(String(provider.id)).slice(0, 60)}`
    if (typeof provider.id !== 'string' || !PROVIDER_ID.test(provider.id)) {
      throw new Error(`${what}: id must be 1 to 40 letters, digits, '-' or '_'`)
    }
    if (seen.has(provider.id)) throw new Error(`${what}: two providers have this id`)
    seen.add(provider.id)
    if (typeof provider.name !== 'string' || provider.name.trim() === '') {
      throw new Error(`${what}: name must be a non-empty string`)
    }
    if (!Number.isFinite(provider.feePercent) || provider.feePercent < 0 || provider.feePercent >= 100) {
      throw new Error(`${what}: feePercent must be a percentage from 0 to below 100`)
    }
    if (!Number.isFinite(provider.networkFee) || provider.networkFee < 0) {
      throw new Error(`${what}: networkFee must be an amount of 0 or more`)
    }
  }
  const rate = settings.usdPerEur
  if (rate !== undefined && !(Number.isFinite(rate) && rate > 0)) {
    throw new Error('createApiApp: onramp usdPerEur must be a number above 0')
  }
}

/** One asset the API serves on one network, as the on-ramp offers it. */
type ServedOnrampAsset = OnrampAsset & {
  /** The options' `chain_id`: the numeric id of an EVM chain, else the CAIP-2. */
  chainIdText: string
  networkName: string
  /** The token contract or mint; '' for the native currency. */
  contract: string
  name: string
  decimals: number
}

function configured(ctx: ApiContext): OnrampSettings {
  if (!ctx.onramp || ctx.onramp.providers.length === 0) {
    throw new HttpFailure(501, 'No on-ramp provider is configured on this server', 'ONRAMP_NOT_CONFIGURED')
  }
  return ctx.onramp
}

function providerOf(settings: OnrampSettings, id: string | undefined, field: string): OnrampProvider {
  if (id === undefined) return settings.providers[0]!
  const provider = settings.providers.find((candidate) => candidate.id === id)
  if (!provider) {
    throw new BadRequest(
      `${field}: ${clip(id)} is not an on-ramp provider of this server (${settings.providers.map((p) => p.id).join(', ')})`,
      'ONRAMP_UNKNOWN_PROVIDER',
    )
  }
  return provider
}

const sells = (provider: OnrampProvider, asset: OnrampAsset) =>
  provider.sells?.({ network: asset.network, asset: asset.asset, symbol: asset.symbol }) ?? true

/** The payment currencies offered: USD, and EUR when a rate is configured. */
const offeredCurrencies = (settings: OnrampSettings): FiatCurrency[] =>
  settings.usdPerEur === undefined ? ['USD'] : ['USD', 'EUR']

function offeredCurrency(settings: OnrampSettings, currency: FiatCurrency, field: string): FiatCurrency {
  if (!offeredCurrencies(settings).includes(currency)) {
    throw new BadRequest(
      `${field}: ${currency} is not offered here (USD only)`,
      'ONRAMP_UNSUPPORTED_CURRENCY',
    )
  }
  return currency
}

function servedNetworks(ctx: ApiContext): string[] {
  return [...ctx.reader.chainIds().map((id) => `eip155:${id}`), ...(ctx.solana ? [ctx.solana.chainId] : [])]
}

/** A served network as CAIP-2, from a CAIP-2 id or an EVM chain's number; else a 400. */
function servedNetwork(ctx: ApiContext, value: string, field: string): string {
  const caip = /^\d{1,20}$/.test(value) ? `eip155:${value}` : value
  if (ctx.solana && caip === ctx.solana.chainId) return caip
  const [namespace, reference = ''] = caip.split(':')
  if (namespace === 'eip155' && /^\d{1,20}$/.test(reference) && ctx.reader.has(Number(reference))) {
    return `eip155:${Number(reference)}`
  }
  throw new BadRequest(
    `${field}: ${clip(value)} is not served by this API (served: ${servedNetworks(ctx).join(', ')})`,
  )
}

/** The native currency, then the configured tokens (or mints), of a served network. */
function assetsOn(ctx: ApiContext, network: string): ServedOnrampAsset[] {
  if (network.startsWith('eip155:')) {
    const chainId = Number(network.slice('eip155:'.length))
    const base = { network, chainIdText: String(chainId), networkName: ctx.reader.chainName(chainId) }
    const native = ctx.reader.nativeCurrency(chainId)
    return [
      {
        ...base,
        asset: `${network}:${NATIVE_TOKEN_ADDRESS}`,
        contract: '',
        name: native.name,
        symbol: native.symbol,
        decimals: native.decimals,
      },
      ...ctx.reader.tokens(chainId).map((token) => ({
        ...base,
        asset: `${network}:${token.address}`,
        contract: token.address,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
      })),
    ]
  }
  const solana = ctx.solana
  if (!solana || network !== solana.chainId) return []
  const base = { network, chainIdText: network, networkName: 'Solana' }
  return [
    {
      ...base,
      asset: `${network}:${SOLANA_NATIVE_MINT}`,
      contract: '',
      name: 'Solana',
      symbol: 'SOL',
      decimals: 9,
    },
    ...solana.mints.map((mint) => ({
      ...base,
      asset: `${network}:${mint.address}`,
      contract: mint.address,
      name: mint.name,
      symbol: mint.symbol,
      decimals: mint.decimals,
    })),
  ]
}

/** USD per whole unit, when the price source knows a usable one. */
async function usdPrice(ctx: ApiContext, asset: ServedOnrampAsset): Promise<number | undefined> {
  const price = await ctx.prices.usd({
    chainId: asset.network,
    symbol: asset.symbol,
    ...(asset.contract !== '' && { address: asset.contract }),
  })
  return price !== undefined && Number.isFinite(price) && price > 0 ? price : undefined
}

/** One whole unit in the payment currency. */
const unitPriceIn = (settings: OnrampSettings, usd: number, currency: FiatCurrency) =>
  currency === 'USD' ? usd : usd / settings.usdPerEur!

/** The asset named `symbol` on `network`, with its USD price, if `provider` sells it; else a 400. */
async function sellable(
  ctx: ApiContext,
  provider: OnrampProvider,
  network: string,
  symbol: string,
  field: string,
): Promise<{ asset: ServedOnrampAsset; usd: number }> {
  const wanted = symbol.toLowerCase()
  const asset = assetsOn(ctx, network).find((candidate) => candidate.symbol.toLowerCase() === wanted)
  const usd = asset && sells(provider, asset) ? await usdPrice(ctx, asset) : undefined
  if (!asset || usd === undefined) {
    throw new BadRequest(
      `${field}: ${provider.name} does not sell ${clip(symbol)} on ${network}`,
      'ONRAMP_UNSUPPORTED_ASSET',
    )
  }
  return { asset, usd }
}

const money = (amount: string, currency: string) => ({ amount, currency })

export function onrampRoutes(ctx: ApiContext): Hono {
  const routes = new Hono()

  routes.get('/v1/onramp/options', async (c) => {
    readQuery(c, projectOnly, 'GET /v1/onramp/options')
    const settings = configured(ctx)
    type PurchaseCurrency = {
      id: string
      name: string
      symbol: string
      networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
    }
    const currencies = new Map<string, PurchaseCurrency>()
    for (const network of servedNetworks(ctx)) {
      const offered = assetsOn(ctx, network).filter((asset) =>
        settings.providers.some((provider) => sells(provider, asset)),
      )
      const prices = await Promise.all(offered.map((asset) => usdPrice(ctx, asset)))
      offered.forEach((asset, i) => {
        if (prices[i] === undefined) return
        let currency = currencies.get(asset.symbol)
        if (!currency) {
          currency = { id: asset.symbol, name: asset.name, symbol: asset.symbol, networks: [] }
          currencies.set(asset.symbol, currency)
        }
        currency.networks.push({
          name: asset.network,
          display_name: asset.networkName,
          chain_id: asset.chainIdText,
          contract_address: asset.contract,
        })
      })
    }
    return c.json({
      purchaseCurrencies: [...currencies.values()],
      paymentCurrencies: offeredCurrencies(settings).map((id) => ({
        id,
        payment_method_limits: ONRAMP_PAYMENT_LIMITS,
      })),
      providers: settings.providers.map(({ id, name, feePercent }) => ({ id, name, feePercent })),
    })
  })

  routes.post('/v1/onramp/quote', async (c) => {
    readQuery(c, postQuery, 'POST /v1/onramp/quote')
    const body = await readBody(c, quoteBody, 'POST /v1/onramp/quote')
    const settings = configured(ctx)
    const provider = providerOf(settings, body.provider, 'provider')
    const currency = offeredCurrency(settings, body.paymentCurrency.id, 'paymentCurrency.id')
    // A quote is for a card payment, whose limits are the narrower.
    const card = paymentLimitsOf('card')
    if (!withinLimits(body.amount, card)) {
      throw new BadRequest(outOfLimitsMessage(card, currency), 'ONRAMP_AMOUNT_OUT_OF_LIMITS')
    }
    const network = servedNetwork(ctx, body.network, 'network')
    const { asset, usd } = await sellable(
      ctx,
      provider,
      network,
      body.purchaseCurrency.id,
      'purchaseCurrency.id',
    )
    const figures = quoteOnramp({
      fiatAmount: body.amount,
      feePercent: provider.feePercent,
      networkFee: provider.networkFee,
      unitPrice: unitPriceIn(settings, usd, currency),
      decimals: asset.decimals,
    })
    return c.json({
      paymentTotal: money(Number(body.amount).toFixed(2), currency),
      paymentSubtotal: money(figures.subtotal, currency),
      purchaseAmount: money(figures.purchaseAmount, asset.symbol),
      networkFee: money(figures.networkFee, currency),
      providerFee: money(figures.providerFee, currency),
      quoteId: randomUUID(),
      provider: provider.id,
    })
  })

  routes.post('/v1/generators/onrampurl', async (c) => {
    readQuery(c, postQuery, 'POST /v1/generators/onrampurl')
    const body = await readBody(c, onrampUrlBody, 'POST /v1/generators/onrampurl')
    const settings = configured(ctx)
    const provider = providerOf(settings, body.provider, 'provider')
    const currency = offeredCurrency(settings, body.fiatCurrency ?? 'USD', 'fiatCurrency')
    const wallet = body.destinationWallets[0]!
    const evmWallet = isAddress(wallet.address, { strict: false })
    const walletNetworks = wallet.blockchains?.map((network) =>
      servedNetwork(ctx, network, 'destinationWallets[0].blockchains'),
    )
    let network: string | undefined
    if (body.defaultNetwork !== undefined) {
      network = servedNetwork(ctx, body.defaultNetwork, 'defaultNetwork')
      if (walletNetworks && !walletNetworks.includes(network)) {
        throw new BadRequest('defaultNetwork: must be one of destinationWallets[0].blockchains')
      }
    } else {
      network =
        walletNetworks?.[0] ??
        // The first network of the address's kind on which the provider sells something.
        servedNetworks(ctx).find(
          (candidate) =>
            candidate.startsWith('eip155:') === evmWallet &&
            assetsOn(ctx, candidate).some((asset) => sells(provider, asset)),
        )
    }
    if (network === undefined) {
      throw new BadRequest(`destinationWallets[0].address: ${provider.name} sells nothing for this address`)
    }
    let address = wallet.address
    if (network.startsWith('eip155:')) {
      if (!evmWallet) {
        throw new BadRequest('destinationWallets[0].address: must be a 0x address of 40 hex characters')
      }
      address = getAddress(wallet.address)
    } else if (!ctx.solana?.isAddress(wallet.address)) {
      throw new BadRequest('destinationWallets[0].address: must be a Solana address')
    }
    const symbol = wallet.assets?.[0] ?? assetsOn(ctx, network)[0]!.symbol
    const { asset, usd } = await sellable(ctx, provider, network, symbol, 'destinationWallets[0].assets')

    const order: OnrampOrder = {
      partnerUserId: body.partnerUserId,
      address,
      network,
      asset: asset.asset,
      fiatCurrency: currency,
    }
    if (body.presetFiatAmount !== undefined && Number(body.presetFiatAmount) > 0) {
      const amount = Number(body.presetFiatAmount).toFixed(2)
      // The checkout offers every payment method: the widest limits apply here.
      const widest = { min: ONRAMP_PAYMENT_LIMITS[0]!.min, max: paymentLimitsOf('ach_bank_account').max }
      if (!withinLimits(amount, widest)) {
        throw new BadRequest(outOfLimitsMessage(widest, currency), 'ONRAMP_AMOUNT_OUT_OF_LIMITS')
      }
      order.fiatAmount = amount
    }
    if (body.presetCryptoAmount !== undefined && Number(body.presetCryptoAmount) > 0) {
      order.cryptoAmount = body.presetCryptoAmount
      // What paying for that amount costs, when no money amount was preset.
      order.fiatAmount ??= fiatForCrypto({
        cryptoAmount: body.presetCryptoAmount,
        feePercent: provider.feePercent,
        networkFee: provider.networkFee,
        unitPrice: unitPriceIn(settings, usd, currency),
        decimals: asset.decimals,
      })
    }
    return c.json({ url: provider.checkoutUrl(order) })
  })

  return routes
}

const HISTORY_STATUS: Record<OnrampPurchase['status'], string> = {
  pending: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  completed: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
}

/** The bought asset's name from the chain configuration; its symbol when not configured. */
function assetName(ctx: ApiContext, purchase: OnrampPurchase): string {
  const [namespace, reference = '', contract = ''] = purchase.asset.split(':')
  if (namespace === 'eip155' && ctx.reader.has(Number(reference))) {
    const chainId = Number(reference)
    if (contract.toLowerCase() === NATIVE_TOKEN_ADDRESS) return ctx.reader.nativeCurrency(chainId).name
    return ctx.reader.token(chainId, contract)?.name ?? purchase.symbol
  }
  if (ctx.solana && `${namespace}:${reference}` === ctx.solana.chainId) {
    if (contract === SOLANA_NATIVE_MINT) return 'Solana'
    return ctx.solana.mint(contract)?.name ?? purchase.symbol
  }
  return purchase.symbol
}

/**
 * GET /v1/account/{address}/history?onramp=<provider id>: the provider's purchases for the
 * address, newest first (at most {@link ONRAMP_HISTORY_LIMIT}), as history transactions
 * of operation type `buy`, on every network (each names its own in `metadata.chain`).
 *
 * @example await onrampHistory(ctx, '0xf39F…', 'latchramp') // { data: [{ id, metadata, transfers }], next: null }
 */
export async function onrampHistory(ctx: ApiContext, address: string, providerId: string) {
  const settings = configured(ctx)
  const provider = providerOf(settings, providerId, 'onramp')
  if (!isAddress(address, { strict: false }) && !ctx.solana?.isAddress(address)) {
    throw new BadRequest(
      `address: must be a 0x address of 40 hex characters${ctx.solana ? ' or a Solana address' : ''}`,
    )
  }
  let purchases: OnrampPurchase[]
  try {
    purchases = await provider.purchases(address)
  } catch (error) {
    console.error(`[latchkit api] on-ramp provider ${provider.id}:`, error)
    throw new HttpFailure(502, `${provider.name} did not answer`, 'ONRAMP_PROVIDER_UNAVAILABLE')
  }
  const newest = [...purchases].sort((a, b) => b.createdAt - a.createdAt).slice(0, ONRAMP_HISTORY_LIMIT)
  return {
    data: newest.map((purchase) => ({
      id: purchase.orderId,
      metadata: {
        operationType: 'buy',
        hash: purchase.txHash ?? '',
        minedAt: new Date(purchase.updatedAt).toISOString(),
        sentFrom: provider.name,
        sentTo: purchase.address,
        status: HISTORY_STATUS[purchase.status],
        nonce: 0,
        application: { name: provider.name },
        chain: purchase.network,
      },
      transfers: [
        {
          fungible_info: { name: assetName(ctx, purchase), symbol: purchase.symbol, icon: null },
          direction: 'in',
          quantity: { numeric: purchase.purchaseAmount },
          value: Number(purchase.fiatAmount),
          price: null,
        },
      ],
    })),
    next: null,
  }
}
