/**
 * The convert (swap) API on Uniswap V2: the tokens a chain swaps, quotes from the router's
 * `getAmountsOut` (the direct pair, else through WETH) with their price impact and
 * liquidity-provider fee, gas prices, allowances of the router, and the approve and swap
 * transactions for the wallet to sign. Only the chains of `settings.swap` are served;
 * the others answer 400 `SWAPS_UNSUPPORTED_NETWORK` (`GAS_PRICE_UNSUPPORTED_NETWORK` for
 * gas prices), and with no swap chain at all every route answers 501
 * `SWAPS_NOT_CONFIGURED`. A trade no pool path can fill, or one that would move the price
 * more than 15 %, answers 422 `INSUFFICIENT_LIQUIDITY`; a swap whose fresh quote is below
 * what the client accepts (its quote less the slippage) answers 409 `SLIPPAGE_EXCEEDED`.
 */
import { Hono } from 'hono'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  InsufficientFundsError,
  maxUint256,
  parseAbi,
} from 'viem'
import * as z from 'zod/mini'
import type { ApiContext, SwapChain } from '../apiContext.js'
import { NATIVE_TOKEN_ADDRESS } from '../chainConfig.js'
import type { ChainLookup, ServedAsset } from '../chainLookup.js'
import type { ChainReader } from '../chainReader.js'
import { BadRequest, HttpFailure } from '../httpErrors.js'
import { readBody, readQuery } from '../parseInput.js'
import { baseUnits, caip10, chainRequired, evmAddress, identified } from '../schemaParts.js'

// zod runs every check even after one failed: each refine tests the digits again before BigInt.
const digits = (value: string) => /^\d{1,78}$/.test(value)
/** An amount a uint256 holds. */
const uint256 = baseUnits.check(
  z.refine((value) => !digits(value) || BigInt(value) <= maxUint256, 'must fit in a uint256'),
)
/** An amount to trade: more than nothing. */
const tradeAmount = uint256.check(
  z.refine((value) => !digits(value) || BigInt(value) > 0n, 'must be more than 0'),
)

/** The highest slippage taken, in percent: past it a "limit" protects nothing. */
export const MAX_SLIPPAGE_PERCENT = 50
/** Slippage when the client names none, in percent. */
export const DEFAULT_SLIPPAGE_PERCENT = 1
/** Uniswap's interface refuses trades that move the price more than this, in percent. */
export const MAX_PRICE_IMPACT_PERCENT = 15
/** Uniswap V2's liquidity-provider fee per hop, in percent. */
export const PROVIDER_FEE_PERCENT = 0.3
/** How long a built swap may wait for its block, in seconds. */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/** Percent as text ('1', '0.5') or a number: above 0, at most {@link MAX_SLIPPAGE_PERCENT}. */
const slippage = z
  .pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) =>
      typeof value === 'number' ? value : /^\d{1,3}(\.\d{1,18})?$/.test(value) ? Number(value) : Number.NaN,
    ),
  )
  .check(
    z.refine(
      (value) => Number.isFinite(value) && value > 0 && value <= MAX_SLIPPAGE_PERCENT,
      `must be a percentage above 0 and at most ${MAX_SLIPPAGE_PERCENT}, such as '1' or '0.5'`,
    ),
  )

const quotesQuery = z.object({
  ...identified,
  amount: tradeAmount,
  userAddress: evmAddress,
  from: caip10,
  to: caip10,
  gasPrice: z.optional(uint256),
})
const allowanceQuery = z.object({ ...identified, tokenAddress: caip10, userAddress: evmAddress })
const buildApproveQuery = z.object({
  ...identified,
  userAddress: evmAddress,
  from: caip10,
  to: caip10,
  amount: z.optional(uint256),
})
const buildTransactionBody = z.object({
  amount: tradeAmount,
  eip155: z.optional(z.object({ slippage: z.optional(slippage) })),
  projectId: z.optional(z.string()),
  from: caip10,
  to: caip10,
  userAddress: caip10,
  toAmount: z.optional(tradeAmount),
  disableEstimate: z.optional(z.boolean()),
})

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** Gas of a swap that cannot be estimated (the allowance is not given yet): a hop's worth more per hop. */
const fallbackSwapGas = (hops: number) => 150_000n + 100_000n * BigInt(hops)
const FALLBACK_APPROVE_GAS = 60_000n
/** An estimate is sent with this much room, in percent (state may move before the block). */
const GAS_MARGIN_PERCENT = 20n
/**
 * And this much more per pool the swap crosses: a pair writes its two price accumulators
 * (from zero, about 20,000 gas each, on its first trade) only in a block later than its
 * last trade, so an estimate made in the same second as that trade leaves them out, and
 * the swap, mined a second later, ran out of gas.
 */
const ORACLE_WRITES_GAS_PER_HOP = 45_000n

const unsupportedNetwork = () =>
  new BadRequest('Network not supported for Swaps', 'SWAPS_UNSUPPORTED_NETWORK')
const insufficientLiquidity = () =>
  new HttpFailure(422, 'Insufficient liquidity for this trade', 'INSUFFICIENT_LIQUIDITY')
const slippageExceeded = () =>
  new HttpFailure(409, 'The price moved more than the allowed slippage', 'SLIPPAGE_EXCEEDED')

/** Swaps are not part of this server's configuration: a 501, not a refusal of the network. */
function requireSwaps(ctx: ApiContext): void {
  if (Object.keys(ctx.settings.swap?.chains ?? {}).length === 0) {
    throw new HttpFailure(501, 'Swaps are not configured on this server', 'SWAPS_NOT_CONFIGURED')
  }
}

type SwapChainInfo = SwapChain & { chainId: number; caip2: string }

/** The swap deployment of a CAIP-2 chain, if the API serves swaps there. */
function findSwapChain(ctx: ApiContext, caip2Id: string): SwapChainInfo | undefined {
  const chains = ctx.settings.swap?.chains
  if (!chains || !Object.hasOwn(chains, caip2Id)) return undefined
  const [namespace, reference] = caip2Id.split(':')
  const chainId = Number(reference)
  if (namespace !== 'eip155' || !Number.isSafeInteger(chainId) || !ctx.reader.has(chainId)) return undefined
  const { router, weth } = chains[caip2Id]!
  return { chainId, caip2: caip2Id, router: getAddress(router), weth: getAddress(weth) }
}

/**
 * The CAIP-2 ids of the chains swaps are served on (what GET /v1/features lists).
 *
 * @example swapChainIds(ctx) // ['eip155:31337']
 */
export function swapChainIds(ctx: ApiContext): string[] {
  return Object.keys(ctx.settings.swap?.chains ?? {}).filter((id) => findSwapChain(ctx, id) !== undefined)
}

function swapChain(ctx: ApiContext, caip2Id: string): SwapChainInfo {
  requireSwaps(ctx)
  const chain = findSwapChain(ctx, caip2Id)
  if (!chain) throw unsupportedNetwork()
  return chain
}

const caip2Of = (caip10Address: string) => caip10Address.split(':').slice(0, 2).join(':')

/** The served asset a CAIP-10 address names on the swap chain, or a 400 naming the field. */
function servedAsset(chains: ChainLookup, caip10Address: string, field: string): ServedAsset {
  const asset = chains.assetOf(caip10Address)
  if (!asset) throw new BadRequest(`${field}: not a token this API swaps`)
  return asset
}

/** The router's side of an asset: its ERC20, WETH for the native currency. */
const routerToken = (asset: ServedAsset, chain: SwapChainInfo): Address => asset.address ?? chain.weth

type Quote = {
  path: Address[]
  amountOut: bigint
  /** Percent: 1 - amountOut / (amountIn at the mid price, less the pools' fee). */
  priceImpact: number
  /** Percent. */
  providerFee: number
}

/** Whether a failure is the chain saying no (a revert), rather than the chain being out of reach. */
function isRevert(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ExecutionRevertedError) !==
      null
  )
}

const hasLiquidity = (
  reserves: readonly [bigint, bigint] | undefined,
): reserves is readonly [bigint, bigint] => reserves !== undefined && reserves[0] > 0n && reserves[1] > 0n

/**
 * The router's quote for `amountIn` of `from` in `to`: along the direct pair when it has
 * liquidity, else through WETH; 422 when neither path can fill the trade or it would move
 * the price more than {@link MAX_PRICE_IMPACT_PERCENT}.
 */
async function quote(
  reader: ChainReader,
  chain: SwapChainInfo,
  from: Address,
  to: Address,
  amountIn: bigint,
): Promise<Quote> {
  const factory = await reader.routerFactory(chain.chainId, chain.router)
  const pairOf = (a: Address, b: Address) => reader.pairReserves(chain.chainId, factory, a, b)
  let path: Address[]
  let hops: (readonly [bigint, bigint])[]
  const direct = await pairOf(from, to)
  if (hasLiquidity(direct)) {
    path = [from, to]
    hops = [direct]
  } else {
    if (from === chain.weth || to === chain.weth) throw insufficientLiquidity()
    const [first, second] = await Promise.all([pairOf(from, chain.weth), pairOf(chain.weth, to)])
    if (!hasLiquidity(first) || !hasLiquidity(second)) throw insufficientLiquidity()
    path = [from, chain.weth, to]
    hops = [first, second]
  }
  const amounts = await reader
    .amountsOut(chain.chainId, chain.router, amountIn, path)
    .catch((error: unknown) => {
      // The library's own refusals (an amount its arithmetic overflows on, say).
      throw isRevert(error) ? insufficientLiquidity() : error
    })
  const amountOut = amounts.at(-1) ?? 0n
  // At the mid price, after each pool's 0.3 % fee, amountIn buys
  // amountIn * Π(0.997 * reserveOut / reserveIn): what falls short of that is the impact of
  // the trade's own size (the fee is reported apart, as providerFee).
  const reservesIn = hops.reduce((product, [reserveIn]) => product * reserveIn * 1000n, 1n)
  const reservesOut = hops.reduce((product, [, reserveOut]) => product * reserveOut * 997n, 1n)
  const SCALE = 10n ** 12n
  const kept = (amountOut * reservesIn * SCALE) / (amountIn * reservesOut)
  const priceImpact = Math.max(0, Number(SCALE - kept) / 1e10)
  if (amountOut === 0n || priceImpact > MAX_PRICE_IMPACT_PERCENT) throw insufficientLiquidity()
  return {
    path,
    amountOut,
    priceImpact: Math.round(priceImpact * 1e6) / 1e6,
    providerFee: Math.round(PROVIDER_FEE_PERCENT * hops.length * 1e6) / 1e6,
  }
}

/** Both sides of a trade: served assets on one swap chain, not the same one. */
function tradeOf(ctx: ApiContext, from: string, to: string) {
  const chain = swapChain(ctx, caip2Of(from))
  if (caip2Of(to) !== chain.caip2) throw new BadRequest('from/to: both tokens must be on one chain')
  const fromAsset = servedAsset(ctx.chains, from, 'from')
  const toAsset = servedAsset(ctx.chains, to, 'to')
  const fromToken = routerToken(fromAsset, chain)
  const toToken = routerToken(toAsset, chain)
  if (fromToken === toToken) throw new BadRequest('from/to: the same token on both sides')
  return { chain, fromAsset, toAsset, fromToken, toToken }
}

async function withMargin(estimate: Promise<bigint>, fallback: bigint, extra = 0n): Promise<bigint> {
  try {
    return ((await estimate) * (100n + GAS_MARGIN_PERCENT)) / 100n + extra
  } catch (error) {
    // A transaction that would fail now (no allowance yet, a short balance) gets the fixed figure.
    const wouldFail =
      isRevert(error) ||
      (error instanceof BaseError && error.walk((e) => e instanceof InsufficientFundsError) !== null)
    if (wouldFail) return fallback
    throw error
  }
}

export function convertRoutes(ctx: ApiContext): Hono {
  const { reader, chains } = ctx
  const routes = new Hono()

  routes.get('/v1/convert/tokens', (c) => {
    const { chainId } = readQuery(c, chainRequired, 'GET /v1/convert/tokens')
    const chain = swapChain(ctx, chainId)
    const native = reader.nativeCurrency(chain.chainId)
    const tokens = [
      {
        name: native.name,
        symbol: native.symbol,
        address: `${chainId}:${NATIVE_TOKEN_ADDRESS}`,
        decimals: native.decimals,
        logoUri: native.iconUrl,
      },
      ...reader.tokens(chain.chainId).map((token) => ({
        name: token.name,
        symbol: token.symbol,
        address: `${chainId}:${token.address}`,
        decimals: token.decimals,
        logoUri: token.iconUrl,
        eip2612: false,
      })),
    ]
    return c.json({ tokens })
  })

  routes.get('/v1/convert/quotes', async (c) => {
    const q = readQuery(c, quotesQuery, 'GET /v1/convert/quotes')
    const { chain, fromToken, toToken } = tradeOf(ctx, q.from, q.to)
    const found = await quote(reader, chain, fromToken, toToken, BigInt(q.amount))
    return c.json({
      quotes: [
        {
          id: null,
          fromAmount: q.amount,
          fromAccount: q.from,
          toAmount: found.amountOut.toString(),
          toAccount: q.to,
          priceImpact: found.priceImpact,
          providerFee: found.providerFee,
          path: found.path.map((address) => `${chain.caip2}:${address}`),
        },
      ],
    })
  })

  routes.get('/v1/convert/allowance', async (c) => {
    const q = readQuery(c, allowanceQuery, 'GET /v1/convert/allowance')
    const chain = swapChain(ctx, caip2Of(q.tokenAddress))
    const asset = servedAsset(chains, q.tokenAddress, 'tokenAddress')
    if (!asset.address) return c.json({ allowance: maxUint256.toString() })
    const allowance = await reader.allowance(
      chain.chainId,
      asset.address,
      getAddress(q.userAddress),
      chain.router,
    )
    return c.json({ allowance: allowance.toString() })
  })

  routes.get('/v1/convert/gas-price', async (c) => {
    const { chainId } = readQuery(c, chainRequired, 'GET /v1/convert/gas-price')
    requireSwaps(ctx)
    const chain = findSwapChain(ctx, chainId)
    if (!chain) throw new BadRequest('Network not supported for Gas Price', 'GAS_PRICE_UNSUPPORTED_NETWORK')
    const gasPrice = await reader.gasPrice(chain.chainId)
    return c.json({
      standard: gasPrice.toString(),
      fast: ((gasPrice * 12n) / 10n).toString(),
      instant: ((gasPrice * 15n) / 10n).toString(),
    })
  })

  routes.get('/v1/convert/build-approve', async (c) => {
    const q = readQuery(c, buildApproveQuery, 'GET /v1/convert/build-approve')
    const { chain, fromAsset } = tradeOf(ctx, q.from, q.to)
    if (!fromAsset.address) throw new BadRequest('from: the native currency needs no approval')
    const user = getAddress(q.userAddress)
    const amount = q.amount === undefined ? maxUint256 : BigInt(q.amount)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, amount] })
    const [gas, gasPrice] = await Promise.all([
      withMargin(
        reader.estimateGas(chain.chainId, { from: user, to: fromAsset.address, data }),
        FALLBACK_APPROVE_GAS,
      ),
      reader.gasPrice(chain.chainId),
    ])
    return c.json({
      tx: {
        from: user,
        to: fromAsset.address,
        data,
        value: '0',
        eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
      },
    })
  })

  routes.post('/v1/convert/build-transaction', async (c) => {
    const b = await readBody(c, buildTransactionBody, 'POST /v1/convert/build-transaction')
    const { chain, fromAsset, toAsset, fromToken, toToken } = tradeOf(ctx, b.from, b.to)
    const [userNamespace, , userAddress] = b.userAddress.split(':') as [string, string, Address]
    if (userNamespace !== 'eip155') throw new BadRequest('userAddress: must be an eip155 account')
    const user = getAddress(userAddress)
    const amountIn = BigInt(b.amount)
    const fresh = await quote(reader, chain, fromToken, toToken, amountIn)

    // What the client accepts: its quote (else the fresh one) less the slippage.
    const slippagePercent = b.eip155?.slippage ?? DEFAULT_SLIPPAGE_PERCENT
    const MICRO = 100_000_000n // 100 % in millionths of a percent
    const quoted = b.toAmount === undefined ? fresh.amountOut : BigInt(b.toAmount)
    const amountOutMin = (quoted * (MICRO - BigInt(Math.round(slippagePercent * 1e6)))) / MICRO
    if (fresh.amountOut < amountOutMin) throw slippageExceeded()

    const deadline = BigInt(Math.floor(Date.now() / 1000) + SWAP_DEADLINE_SECONDS)
    let data: Hex
    let value = 0n
    if (!fromAsset.address) {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, fresh.path, user, deadline],
      })
      value = amountIn
    } else if (!toAsset.address) {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForETH',
        args: [amountIn, amountOutMin, fresh.path, user, deadline],
      })
    } else {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForTokens',
        args: [amountIn, amountOutMin, fresh.path, user, deadline],
      })
    }
    const fallbackGas = fallbackSwapGas(fresh.path.length - 1)
    const [gas, gasPrice] = await Promise.all([
      b.disableEstimate
        ? fallbackGas
        : withMargin(
            reader.estimateGas(chain.chainId, { from: user, to: chain.router, data, value }),
            fallbackGas,
            ORACLE_WRITES_GAS_PER_HOP * BigInt(fresh.path.length - 1),
          ),
      reader.gasPrice(chain.chainId),
    ])
    return c.json({
      tx: {
        from: user,
        to: chain.router,
        data,
        value: value.toString(),
        eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
      },
    })
  })

  return routes
}
