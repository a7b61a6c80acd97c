/**
 * The routes of the local API server: the Blockchain API and wallet-project API of SPEC §7
 * answered from the local chains, the sign-in verifier's `/siwe/*` routes when one is
 * given, plus the test-only fault switch. Every input is parsed with zod; a bad one is a
 * 400 with `{ message }`.
 */
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  isAddress,
  parseAbi,
} from 'viem'
import * as z from 'zod/mini'
import { ValidationError } from '../../src/kernel/errors.js'
import { parseWith } from '../../src/kernel/validation.js'
import { type FixtureTokenKey, fixtureNft, fixtureTokens } from '../fixtures.js'
import type { ChainReader, HistoryEntry } from './chainReader.js'
import type { FaultController } from './faults.js'
import { faultSchema } from './faults.js'
import { tokenIconDataUri, walletSvg } from './icons.js'
import { fixtureHues, fixturePrices, type PricedAsset } from './prices.js'
import type { SolanaReader } from './solanaReader.js'
import { queryWallets, type RegistryWallet } from './walletRegistry.js'

/** A pluggable name service (names are served elsewhere; without one, none exist). */
export type NameService = {
  identity?(
    address: Address,
    chainId: string,
  ): Promise<{ name: string | null; avatar: string | null } | undefined>
  lookup?(name: string): Promise<Record<string, unknown> | undefined>
  reverse?(address: Address): Promise<Record<string, unknown>[]>
  register?(body: {
    coin_type: number | string
    address: string
    message: string
    signature: string
  }): Promise<Record<string, unknown>>
}

/** Project settings, read on every request so a test or the demo can change them live. */
export type ApiSettings = {
  /** GET /getAnalyticsConfig answer. */
  analyticsEnabled: boolean
  /** GET /projects/v1/origins answer ([] = every origin allowed). */
  allowedOrigins: string[]
  /** A Uniswap V2 router on the local chains; without one the swap-building routes answer 501. */
  swapRouter?: Address
}

export type ApiAppOptions = {
  reader: ChainReader
  faults: FaultController
  registry: readonly RegistryWallet[]
  settings: ApiSettings
  names?: NameService
  /** The local Solana endpoint; without one, the API serves the EVM chains only. */
  solana?: SolanaReader
  /**
   * The sign-in verifier's routes (`createSiweVerifier(...).app`), served under `/siwe/*`
   * with its own CORS (its origins, with credentials). Asked on every request, so sign-in
   * can start once the app's origin is known; while there is none those paths are 404.
   */
  siwe?: () => Hono | undefined
  /** Clock of the request log (ms). */
  now?: () => number
}

/** The conventional address of a chain's native currency in the convert API. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** History page size. */
export const HISTORY_PAGE_SIZE = 20
/** The body a malformed fault answers with: JSON, but no endpoint's shape. */
export const MALFORMED_BODY = [{ malformed: true }]

class BadRequest extends Error {}
class HttpFailure extends Error {
  constructor(
    readonly status: 404 | 501 | 502,
    message: string,
  ) {
    super(message)
  }
}

const caip2 = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id such as eip155:31337'))
const address = z
  .string()
  .check(
    z.refine((value) => isAddress(value, { strict: false }), 'must be a 0x address of 40 hex characters'),
  )
const caip10 = z
  .string()
  .check(
    z.regex(
      /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:0x[0-9a-fA-F]{40}$/,
      'must be a CAIP-10 address such as eip155:31337:0x…',
    ),
  )
const projectId = z.string().check(z.minLength(1, 'is required'), z.maxLength(128))
const positiveInt = (max: number) =>
  z
    .pipe(
      z.string().check(z.regex(/^\d+$/, 'must be a whole number')),
      z.transform((value) => Number(value)),
    )
    .check(z.refine((value) => value >= 1 && value <= max, `must be between 1 and ${max}`))
const baseUnits = z.string().check(z.regex(/^\d{1,78}$/, 'must be an amount in base units'))
const decimalAmount = z.string().check(z.regex(/^\d{1,15}(\.\d{1,18})?$/, 'must be a decimal amount'))
const commaList = <T extends z.core.$ZodType<string>>(item: T) =>
  z
    .pipe(
      z.string().check(z.maxLength(20_000)),
      z.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    )
    .check(z.refine((list) => list.every((part) => z.safeParse(item, part).success), 'has an invalid entry'))

const identified = {
  projectId,
  st: z.optional(z.string()),
  sv: z.optional(z.string()),
  clientId: z.optional(z.string()),
}
const bool = z.optional(z.enum(['true', 'false', '1', '0']))

const schemas = {
  projectOnly: z.object(identified),
  balance: z.object({
    ...identified,
    currency: z.optional(z.literal('usd')),
    chainId: z.optional(caip2),
    forceUpdate: bool,
  }),
  chainOptional: z.object({ ...identified, chainId: z.optional(caip2) }),
  chainRequired: z.object({ ...identified, chainId: caip2 }),
  identity: z.object({ ...identified, chainId: z.optional(caip2), sender: z.optional(address) }),
  history: z.object({
    ...identified,
    chainId: z.optional(caip2),
    cursor: z.optional(z.string().check(z.regex(/^\d{1,6}$/, 'must be a cursor from a previous page'))),
    onramp: z.optional(z.string().check(z.maxLength(64))),
  }),
  quotes: z.object({
    ...identified,
    amount: baseUnits,
    userAddress: address,
    from: caip10,
    to: caip10,
    gasPrice: z.optional(baseUnits),
  }),
  allowance: z.object({ ...identified, tokenAddress: caip10, userAddress: address }),
  buildApprove: z.object({
    ...identified,
    userAddress: address,
    from: caip10,
    to: caip10,
    amount: z.optional(baseUnits),
  }),
  buildTransaction: z.object({
    amount: baseUnits,
    eip155: z.optional(z.object({ slippage: z.union([z.string(), z.number()]) })),
    projectId: z.optional(z.string()),
    from: caip10,
    to: caip10,
    userAddress: caip10,
    disableEstimate: z.optional(z.boolean()),
  }),
  price: z.object({
    currency: z.literal('usd'),
    addresses: z.array(caip10).check(z.minLength(1), z.maxLength(100)),
    projectId: z.optional(z.string()),
  }),
  profileName: z
    .string()
    .check(z.regex(/^[a-zA-Z0-9.-]{1,255}$/, 'must be letters, digits, hyphens and dots')),
  profileQuery: z.object({
    ...identified,
    apiVersion: z.optional(z.enum(['1', '2'])),
    sender: z.optional(address),
  }),
  suggestions: z.object({ ...identified, zone: z.optional(z.string().check(z.maxLength(64))) }),
  register: z.object({
    coin_type: z.union([z.number(), z.string()]),
    address,
    message: z.string().check(z.minLength(1)),
    signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/, 'must be a 0x signature')),
  }),
  onrampUrl: z.object({
    destinationWallets: z
      .array(
        z.object({
          address: z.string(),
          blockchains: z.optional(z.array(z.string())),
          assets: z.optional(z.array(z.string())),
        }),
      )
      .check(z.minLength(1)),
    defaultNetwork: z.optional(z.string()),
    partnerUserId: z.string().check(z.minLength(1)),
    defaultExperience: z.optional(z.literal('buy')),
    presetCryptoAmount: z.optional(z.union([z.number(), z.string()])),
    presetFiatAmount: z.optional(z.union([z.number(), z.string()])),
  }),
  onrampQuote: z.object({
    purchaseCurrency: z.looseObject({ id: z.string().check(z.minLength(1)), symbol: z.optional(z.string()) }),
    paymentCurrency: z.looseObject({ id: z.enum(['USD', 'EUR']) }),
    amount: decimalAmount,
    network: z.string().check(z.minLength(1)),
  }),
  revoke: z.object({ pci: z.string().check(z.minLength(1)), signature: z.string().check(z.minLength(1)) }),
  wallets: z.object({
    ...identified,
    page: z.optional(positiveInt(10_000)),
    entries: z.optional(positiveInt(100)),
    include: z.optional(commaList(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'wallet id')))),
    exclude: z.optional(commaList(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'wallet id')))),
    search: z.optional(z.string().check(z.maxLength(100))),
    badge_type: z.optional(z.enum(['certified', 'none'])),
    chains: z.optional(commaList(caip2)),
  }),
  imageId: z.string().check(z.regex(/^[-_a-zA-Z0-9]{1,64}$/, 'must be an image id')),
  rpcCall: z.looseObject({ jsonrpc: z.literal('2.0'), method: z.string().check(z.minLength(1)) }),
  rpcBatch: z
    .array(z.looseObject({ jsonrpc: z.literal('2.0'), method: z.string().check(z.minLength(1)) }))
    .check(z.minLength(1), z.maxLength(100)),
}

function parse<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  try {
    return parseWith(schema, value, what)
  } catch (error) {
    if (error instanceof ValidationError)
      throw new BadRequest((error.details ?? error.shortMessage).replace(': (root)', ''))
    throw error
  }
}

function usd(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

/**
 * Builds the Hono app. The server (server.ts) binds it to a port; tests may also call
 * `app.request()` directly.
 *
 * @example
 * const app = createApiApp({ reader, faults, registry })
 * await app.request('/v1/supported-chains?projectId=demo')
 */
export function createApiApp(options: ApiAppOptions) {
  const { reader, faults, registry } = options
  const now = options.now ?? (() => performance.now())
  const app = new Hono()
  const imagesById = new Map(registry.map((wallet) => [wallet.image_id, wallet]))

  /** The chains of a CAIP-2 filter: one served chain, or all of them when absent. */
  function chainsOf(chainId: string | undefined): number[] {
    if (chainId === undefined) return reader.chainIds()
    return [servedChain(chainId)]
  }

  function servedChain(chainId: string): number {
    const [namespace, reference] = chainId.split(':')
    const id = Number(reference)
    if (namespace !== 'eip155' || !Number.isInteger(id) || !reader.has(id)) {
      throw new BadRequest(
        `chainId: ${chainId} is not served by this API (served: ${reader
          .chainIds()
          .map((c) => `eip155:${c}`)
          .join(', ')})`,
      )
    }
    return id
  }

  /**
   * A request about a Solana account: the owner and the Solana reader, when the address is
   * a Solana one and the chain (if named) is the served Solana chain; undefined for EVM.
   */
  function solanaOwner(
    owner: string,
    chainId: string | undefined,
  ): { owner: string; reader: SolanaReader } | undefined {
    const solana = options.solana
    if (!solana?.isAddress(owner)) return undefined
    if (chainId !== undefined && chainId !== solana.chainId) {
      throw new BadRequest(`chainId: ${chainId} is not the Solana chain this API serves (${solana.chainId})`)
    }
    return { owner, reader: solana }
  }

  /** Which fixture asset a CAIP-10 token address names on its chain, if any. */
  function assetOf(
    caipAddress: string,
  ): { chainId: number; asset: PricedAsset; decimals: number; name: string; symbol: string } | undefined {
    const [namespace, reference, tokenAddress] = caipAddress.split(':') as [string, string, string]
    const chainId = servedChain(`${namespace}:${reference}`)
    if (tokenAddress.toLowerCase() === NATIVE_TOKEN_ADDRESS)
      return { chainId, asset: 'native', decimals: 18, name: 'Ether', symbol: 'ETH' }
    const contracts = reader.contracts(chainId)
    const key = (Object.keys(fixtureTokens) as FixtureTokenKey[]).find(
      (k) => contracts[k].toLowerCase() === tokenAddress.toLowerCase(),
    )
    if (!key) return undefined
    const token = fixtureTokens[key]
    return { chainId, asset: key, decimals: token.decimals, name: token.name, symbol: token.symbol }
  }

  function requireRouter(): Address {
    const router = options.settings.swapRouter
    if (!router)
      throw new HttpFailure(501, 'swaps need a DEX on the local chain; start the server with swapRouter')
    return router
  }

  function query<S extends z.core.$ZodType>(
    c: { req: { query(): Record<string, string> } },
    schema: S,
    what: string,
  ): z.output<S> {
    return parse(schema, c.req.query(), what)
  }

  async function body<S extends z.core.$ZodType>(
    c: { req: { json(): Promise<unknown> } },
    schema: S,
    what: string,
  ): Promise<z.output<S>> {
    let raw: unknown
    try {
      raw = await c.req.json()
    } catch {
      throw new BadRequest(`${what}: the body is not JSON`)
    }
    return parse(schema, raw, what)
  }

  // Open to every origin, except sign-in: its cookie and sessions are for the app's
  // origins only, which the verifier's own CORS names.
  const openCors = cors({ origin: '*', exposeHeaders: ['Retry-After'], maxAge: 600 })
  app.use('*', (c, next) =>
    c.req.path.startsWith('/siwe/') && options.siwe?.() ? next() : openCors(c, next),
  )

  // Log every call and apply the armed fault, except for the fault switch itself.
  app.use('*', async (c, next) => {
    const path = c.req.path
    if (path.startsWith('/__') || c.req.method === 'OPTIONS') return next()
    const fault = faults.take(path)
    const kind = fault ? (fault.hang ? 'hang' : fault.malformed ? 'malformed' : 'status') : undefined
    faults.record({
      method: c.req.method,
      path,
      query: c.req.query(),
      at: now(),
      ...(kind ? { fault: kind } : {}),
    })
    if (!fault) return next()
    if (fault.hang) {
      await faults.hangUntil(c.req.raw.signal)
      return c.body(null, 503)
    }
    if (fault.malformed) return c.json(MALFORMED_BODY, 200)
    if (fault.retryAfter !== undefined) c.header('Retry-After', String(fault.retryAfter))
    return c.json({ message: `injected fault: ${fault.status}` }, fault.status ?? 503)
  })

  app.onError((error, c) => {
    if (error instanceof BadRequest) return c.json({ message: error.message }, 400)
    if (error instanceof HttpFailure) return c.json({ message: error.message }, error.status)
    console.error('[latchkit api]', error)
    return c.json({ message: 'internal error' }, 500)
  })
  app.notFound((c) => c.json({ message: `no route for ${c.req.method} ${c.req.path}` }, 404))

  // ------------------------------------------------------------ fault switch (tests)

  app.post('/__faults', async (c) => {
    const fault = await body(c, faultSchema, 'fault')
    faults.set(fault)
    return c.json({ armed: fault, remaining: faults.remaining() })
  })
  app.delete('/__faults', (c) => {
    faults.clear()
    return c.json({ remaining: 0 })
  })
  app.get('/__requests', (c) => c.json({ requests: faults.requests }))
  app.delete('/__requests', (c) => {
    faults.clearLog()
    return c.json({ requests: [] })
  })

  // ------------------------------------------------------------ sign-in (SIWE)

  app.all('/siwe/*', (c) => {
    const siwe = options.siwe?.()
    if (!siwe) throw new HttpFailure(404, 'sign-in is not served by this API instance')
    return siwe.fetch(c.req.raw, c.env)
  })

  // ------------------------------------------------------------ Blockchain API

  app.get('/v1/supported-chains', (c) => {
    query(c, schemas.projectOnly, 'GET /v1/supported-chains')
    const solanaChains = options.solana ? [options.solana.chainId] : []
    return c.json({ http: [...reader.chainIds().map((id) => `eip155:${id}`), ...solanaChains], ws: [] })
  })

  app.get('/v1/account/:address/balance', async (c) => {
    const solana = solanaOwner(c.req.param('address'), c.req.query('chainId'))
    if (solana) {
      query(c, schemas.balance, 'GET /v1/account/{address}/balance')
      return c.json({ balances: await solana.reader.balances(solana.owner) })
    }
    const owner = getAddress(parse(address, c.req.param('address'), 'address'))
    const q = query(c, schemas.balance, 'GET /v1/account/{address}/balance')
    const balances = []
    for (const chainId of chainsOf(q.chainId)) {
      for (const asset of await reader.balances(chainId, owner)) {
        if (asset.amount === 0n) continue
        const numeric = formatUnits(asset.amount, asset.decimals)
        const price = fixturePrices[asset.key]
        balances.push({
          name: asset.name,
          symbol: asset.symbol,
          chainId: `eip155:${chainId}`,
          address: asset.contract ? `eip155:${chainId}:${asset.contract}` : undefined,
          value: usd(price * Number(numeric)),
          price,
          quantity: { decimals: String(asset.decimals), numeric },
          iconUrl: tokenIconDataUri(asset.symbol, fixtureHues[asset.key]),
        })
      }
    }
    return c.json({ balances })
  })

  app.post('/v1/fungible/price', async (c) => {
    query(c, z.object({ projectId: z.optional(z.string()) }), 'POST /v1/fungible/price')
    const { addresses } = await body(c, schemas.price, 'POST /v1/fungible/price')
    const fungibles = addresses.flatMap((caipAddress) => {
      const found = assetOf(caipAddress)
      if (!found) return []
      return [
        {
          name: found.name,
          symbol: found.symbol,
          iconUrl: tokenIconDataUri(found.symbol, fixtureHues[found.asset]),
          price: fixturePrices[found.asset],
        },
      ]
    })
    return c.json({ fungibles })
  })

  app.get('/v1/identity/:address', async (c) => {
    const owner = getAddress(parse(address, c.req.param('address'), 'address'))
    const q = query(c, schemas.identity, 'GET /v1/identity/{address}')
    const chainId = q.chainId ?? `eip155:${reader.chainIds()[0]}`
    servedChain(chainId)
    const found = await options.names?.identity?.(owner, chainId)
    return c.json({ name: found?.name ?? null, avatar: found?.avatar ?? null })
  })

  app.get('/v1/account/:address/history', async (c) => {
    const owner = getAddress(parse(address, c.req.param('address'), 'address'))
    const q = query(c, schemas.history, 'GET /v1/account/{address}/history')
    // No onramp provider runs locally, so its history is always empty.
    if (q.onramp) return c.json({ data: [], next: null })
    const entries: (HistoryEntry & { chainId: number })[] = []
    for (const chainId of chainsOf(q.chainId)) {
      for (const entry of await reader.history(chainId, owner)) entries.push({ ...entry, chainId })
    }
    entries.sort((a, b) => b.minedAt.localeCompare(a.minedAt))
    const start = Number(q.cursor ?? '0')
    const page = entries.slice(start, start + HISTORY_PAGE_SIZE)
    const next = start + HISTORY_PAGE_SIZE < entries.length ? String(start + HISTORY_PAGE_SIZE) : null
    return c.json({
      data: page.map((entry) => ({
        id: entry.hash,
        metadata: {
          operationType: entry.operationType,
          hash: entry.hash,
          minedAt: entry.minedAt,
          sentFrom: entry.from,
          sentTo: entry.to,
          status: entry.status,
          chain: `eip155:${entry.chainId}`,
        },
        transfers: entry.transfers.map((transfer) => {
          if (transfer.kind === 'nft') {
            return {
              nft_info: { name: transfer.name, flags: { is_spam: false } },
              direction: transfer.direction,
              quantity: { numeric: '1' },
            }
          }
          const key = transfer.key ?? 'native'
          const price = fixturePrices[key]
          return {
            fungible_info: {
              name: transfer.name,
              symbol: transfer.symbol,
              icon: { url: tokenIconDataUri(transfer.symbol, fixtureHues[key]) },
            },
            direction: transfer.direction,
            quantity: { numeric: transfer.numeric },
            price,
            value: usd(price * Number(transfer.numeric)),
          }
        }),
      })),
      next,
    })
  })

  app.get('/v1/account/:address/nfts', async (c) => {
    // No Solana NFTs are seeded: a Solana owner holds none.
    if (solanaOwner(c.req.param('address'), c.req.query('chainId'))) {
      query(c, schemas.chainOptional, 'GET /v1/account/{address}/nfts')
      return c.json({ data: [], count: 0 })
    }
    const owner = getAddress(parse(address, c.req.param('address'), 'address'))
    const q = query(c, schemas.chainOptional, 'GET /v1/account/{address}/nfts')
    const data = []
    for (const chainId of chainsOf(q.chainId)) {
      const contract = reader.contracts(chainId).LPNK
      for (const nft of await reader.nfts(chainId, owner)) {
        data.push({
          chainId: `eip155:${chainId}`,
          contract: `eip155:${chainId}:${contract}`,
          tokenId: nft.tokenId.toString(),
          name: nft.name,
          description: nft.description,
          imageUrl: nft.image,
          collection: { name: fixtureNft.name, symbol: fixtureNft.symbol },
        })
      }
    }
    return c.json({ data, count: data.length })
  })

  app.get('/v1/convert/tokens', (c) => {
    const { chainId } = query(c, schemas.chainRequired, 'GET /v1/convert/tokens')
    const id = servedChain(chainId)
    const contracts = reader.contracts(id)
    const tokens = [
      {
        name: 'Ether',
        symbol: 'ETH',
        address: `${chainId}:${NATIVE_TOKEN_ADDRESS}`,
        decimals: 18,
        logoUri: tokenIconDataUri('ETH', fixtureHues.native),
      },
      ...(Object.keys(fixtureTokens) as FixtureTokenKey[]).map((key) => ({
        name: fixtureTokens[key].name,
        symbol: fixtureTokens[key].symbol,
        address: `${chainId}:${contracts[key]}`,
        decimals: fixtureTokens[key].decimals,
        logoUri: tokenIconDataUri(fixtureTokens[key].symbol, fixtureHues[key]),
        eip2612: false,
      })),
    ]
    return c.json({ tokens })
  })

  app.get('/v1/convert/quotes', (c) => {
    const q = query(c, schemas.quotes, 'GET /v1/convert/quotes')
    const from = assetOf(q.from)
    const to = assetOf(q.to)
    if (!from || !to) throw new BadRequest('from/to: not a token this API quotes')
    if (from.chainId !== to.chainId) throw new BadRequest('from/to: both tokens must be on one chain')
    // Quotes from the fixture price table: value in, value out, no fee.
    const valueIn = Number(formatUnits(BigInt(q.amount), from.decimals)) * fixturePrices[from.asset]
    const amountOut = valueIn / fixturePrices[to.asset]
    const toAmount =
      BigInt(Math.floor(amountOut * 10 ** Math.min(to.decimals, 12))) *
      10n ** BigInt(Math.max(to.decimals - 12, 0))
    return c.json({
      quotes: [
        {
          id: null,
          fromAmount: q.amount,
          fromAccount: q.from,
          toAmount: toAmount.toString(),
          toAccount: q.to,
        },
      ],
    })
  })

  app.get('/v1/convert/allowance', async (c) => {
    const q = query(c, schemas.allowance, 'GET /v1/convert/allowance')
    const router = requireRouter()
    const [namespace, reference, token] = q.tokenAddress.split(':') as [string, string, Address]
    const chainId = servedChain(`${namespace}:${reference}`)
    if (token.toLowerCase() === NATIVE_TOKEN_ADDRESS)
      return c.json({ allowance: (2n ** 256n - 1n).toString() })
    const allowance = await reader.allowance(chainId, getAddress(token), getAddress(q.userAddress), router)
    return c.json({ allowance: allowance.toString() })
  })

  app.get('/v1/convert/gas-price', async (c) => {
    const { chainId } = query(c, schemas.chainRequired, 'GET /v1/convert/gas-price')
    const gasPrice = await reader.gasPrice(servedChain(chainId))
    return c.json({
      standard: gasPrice.toString(),
      fast: ((gasPrice * 12n) / 10n).toString(),
      instant: ((gasPrice * 15n) / 10n).toString(),
    })
  })

  app.get('/v1/convert/build-approve', async (c) => {
    const q = query(c, schemas.buildApprove, 'GET /v1/convert/build-approve')
    const router = requireRouter()
    const [namespace, reference, token] = q.from.split(':') as [string, string, Address]
    const chainId = servedChain(`${namespace}:${reference}`)
    const amount = q.amount === undefined ? 2n ** 256n - 1n : BigInt(q.amount)
    const gasPrice = await reader.gasPrice(chainId)
    return c.json({
      tx: {
        from: getAddress(q.userAddress),
        to: getAddress(token),
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amount] }),
        value: '0',
        eip155: { gas: '60000', gasPrice: gasPrice.toString() },
      },
    })
  })

  app.post('/v1/convert/build-transaction', async (c) => {
    const b = await body(c, schemas.buildTransaction, 'POST /v1/convert/build-transaction')
    const router = requireRouter()
    const from = b.from.split(':') as [string, string, Address]
    const to = b.to.split(':') as [string, string, Address]
    const user = b.userAddress.split(':')[2] as Address
    const chainId = servedChain(`${from[0]}:${from[1]}`)
    const gasPrice = await reader.gasPrice(chainId)
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 20 * 60)
    // Uniswap V2 router; amountOutMin 0 because the local pools are ours (no MEV on anvil).
    const data = encodeFunctionData({
      abi: parseAbi([
        'function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])',
      ]),
      functionName: 'swapExactTokensForTokens',
      args: [BigInt(b.amount), 0n, [getAddress(from[2]), getAddress(to[2])], getAddress(user), deadline],
    })
    return c.json({
      tx: {
        from: getAddress(user),
        to: router,
        data,
        amount: '0',
        eip155: { gas: '250000', gasPrice: gasPrice.toString() },
      },
    })
  })

  app.get('/v1/profile/account/:name', async (c) => {
    const name = parse(schemas.profileName, c.req.param('name'), 'name')
    query(c, schemas.profileQuery, 'GET /v1/profile/account/{name}')
    const found = await options.names?.lookup?.(name)
    if (!found) throw new HttpFailure(404, `${name} is not registered`)
    return c.json(found)
  })

  app.get('/v1/profile/reverse/:address', async (c) => {
    const owner = getAddress(parse(address, c.req.param('address'), 'address'))
    query(c, schemas.profileQuery, 'GET /v1/profile/reverse/{address}')
    return c.json((await options.names?.reverse?.(owner)) ?? [])
  })

  app.get('/v1/profile/suggestions/:name', (c) => {
    const name = parse(schemas.profileName, c.req.param('name'), 'name').toLowerCase()
    const { zone } = query(c, schemas.suggestions, 'GET /v1/profile/suggestions/{name}')
    const suffix = zone ? `.${zone}` : '.latch.id'
    const base = name.replace(/\..*$/, '')
    const suggestions = [base, `${base}-app`, `${base}1`].map((candidate) => ({
      name: `${candidate}${suffix}`,
      registered: false,
    }))
    return c.json({ suggestions })
  })

  app.post('/v1/profile/account', async (c) => {
    const b = await body(c, schemas.register, 'POST /v1/profile/account')
    if (!options.names?.register)
      throw new HttpFailure(501, 'name registration is not served by this API instance')
    return c.json(await options.names.register(b))
  })

  app.get('/v1/onramp/options', (c) => {
    query(c, schemas.projectOnly, 'GET /v1/onramp/options')
    const networks = reader
      .chainIds()
      .map((id) => ({ name: `latch-local-${id}`, display_name: `Latch Local ${id}`, chain_id: String(id) }))
    const contracts = reader.contracts(reader.chainIds()[0] as number)
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    return c.json({
      purchaseCurrencies: [
        {
          id: 'ETH',
          name: 'Ether',
          symbol: 'ETH',
          networks: networks.map((n) => ({ ...n, contract_address: '' })),
        },
        {
          id: 'LUSD',
          name: fixtureTokens.LUSD.name,
          symbol: 'LUSD',
          networks: networks.map((n) => ({ ...n, contract_address: contracts.LUSD })),
        },
      ],
      paymentCurrencies: [
        { id: 'USD', payment_method_limits: limits },
        { id: 'EUR', payment_method_limits: limits },
      ],
    })
  })

  app.post('/v1/onramp/quote', async (c) => {
    const b = await body(c, schemas.onrampQuote, 'POST /v1/onramp/quote')
    const price = b.purchaseCurrency.id === 'LUSD' ? fixturePrices.LUSD : fixturePrices.native
    const amount = Number(b.amount)
    // SPEC §9: providers charge 1-2 %; the local one charges 1.5 % plus a flat network fee.
    const fee = usd(amount * 0.015)
    const networkFee = 0.5
    const subtotal = Math.max(usd(amount - fee - networkFee), 0)
    const money = (value: number, currency: string) => ({ amount: value.toFixed(2), currency })
    return c.json({
      paymentTotal: money(amount, b.paymentCurrency.id),
      paymentSubtotal: money(subtotal, b.paymentCurrency.id),
      purchaseAmount: { amount: (subtotal / price).toFixed(6), currency: b.purchaseCurrency.id },
      networkFee: money(networkFee, b.paymentCurrency.id),
      coinbaseFee: money(fee, b.paymentCurrency.id),
      quoteId: `local-${b.purchaseCurrency.id}-${b.paymentCurrency.id}-${b.amount}`,
    })
  })

  app.post('/v1/generators/onrampurl', async (c) => {
    const b = await body(c, schemas.onrampUrl, 'POST /v1/generators/onrampurl')
    const url = new URL('/onramp/checkout', new URL(c.req.url).origin)
    url.searchParams.set('partnerUserId', b.partnerUserId)
    if (b.defaultNetwork) url.searchParams.set('network', b.defaultNetwork)
    if (b.presetFiatAmount !== undefined) url.searchParams.set('fiat', String(b.presetFiatAmount))
    return c.json({ url: url.toString() })
  })

  app.get('/onramp/checkout', (c) =>
    c.text('Latchkit local onramp: no payment provider runs in the devstack, so nothing can be bought here.'),
  )

  app.get('/v1/sessions/:address', (c) => {
    parse(address, c.req.param('address'), 'address')
    query(c, schemas.projectOnly, 'GET /v1/sessions/{address}')
    return c.json({ pcis: [] })
  })

  app.post('/v1/sessions/:address/revoke', async (c) => {
    parse(address, c.req.param('address'), 'address')
    const { pci } = await body(c, schemas.revoke, 'POST /v1/sessions/{address}/revoke')
    // No smart sessions are granted on the local chains, so every id is unknown.
    throw new HttpFailure(404, `unknown session ${pci}`)
  })

  // ------------------------------------------------------------ RPC gateway

  const rpcGateway = async (c: Context) => {
    const { chainId } = query(c, schemas.chainRequired, 'RPC gateway /v1/')
    const id = servedChain(chainId)
    if (c.req.method === 'GET') {
      const blockNumber = await reader.blockNumber(id)
      return c.json({ chainId, blockNumber: blockNumber.toString() })
    }
    const raw = await body(c, z.unknown(), 'RPC gateway /v1/')
    const payload = Array.isArray(raw)
      ? parse(schemas.rpcBatch, raw, 'RPC gateway /v1/ batch')
      : parse(schemas.rpcCall, raw, 'RPC gateway /v1/')
    let upstream: Response
    try {
      upstream = await fetch(reader.rpcUrl(id), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    } catch {
      throw new HttpFailure(502, `the chain ${chainId} did not answer`)
    }
    return c.body(await upstream.text(), upstream.status as 200, { 'content-type': 'application/json' })
  }
  app.on(['GET', 'POST'], ['/v1', '/v1/'], rpcGateway)

  // ------------------------------------------------------------ wallet-project API

  app.get('/getWallets', (c) => {
    const q = query(c, schemas.wallets, 'GET /getWallets')
    const { count, data } = queryWallets(registry, {
      page: q.page ?? 1,
      entries: q.entries ?? 40,
      include: q.include,
      exclude: q.exclude,
      search: q.search,
      badge_type: q.badge_type,
      chains: q.chains,
    })
    return c.json({
      count,
      data: data.map(({ hue: _hue, ...wallet }) => wallet),
    })
  })

  const svg = (
    c: { body(data: string, status: 200, headers: Record<string, string>): Response },
    text: string,
  ) => c.body(text, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })

  app.get('/getWalletImage/:id', (c) => {
    const id = parse(schemas.imageId, c.req.param('id'), 'id')
    query(c, schemas.projectOnly, 'GET /getWalletImage/{id}')
    const wallet = imagesById.get(id)
    if (!wallet) throw new HttpFailure(404, `no wallet image ${id}`)
    return svg(c, walletSvg(wallet.name, wallet.hue))
  })

  for (const kind of ['getAssetImage', 'getCurrencyImage', 'getTokenImage']) {
    app.get(`/public/${kind}/:id`, (c) => {
      const id = parse(schemas.imageId, c.req.param('id'), 'id')
      query(c, schemas.projectOnly, `GET /public/${kind}/{id}`)
      let hue = 0
      for (const char of id) hue = (hue * 31 + char.charCodeAt(0)) % 360
      return svg(c, walletSvg(id, hue))
    })
  }

  app.get('/getAnalyticsConfig', (c) => {
    query(c, schemas.projectOnly, 'GET /getAnalyticsConfig')
    return c.json({ isAnalyticsEnabled: options.settings.analyticsEnabled })
  })

  app.get('/projects/v1/origins', (c) => {
    query(c, schemas.projectOnly, 'GET /projects/v1/origins')
    return c.json({ allowedOrigins: [...options.settings.allowedOrigins] })
  })

  return app
}
