/**
 * The convert (swap) API: the tokens a chain swaps, quotes from the price source, gas
 * prices, and, when a Uniswap V2 router is configured, allowances and the approve and swap
 * transactions for the wallet to sign. Without a router the building routes answer 501.
 */
import { Hono } from 'hono'
import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress, parseAbi } from 'viem'
import * as z from 'zod/mini'
import type { ApiContext, ApiSettings } from '../apiContext.js'
import { NATIVE_TOKEN_ADDRESS } from '../chainConfig.js'
import type { ServedAsset } from '../chainLookup.js'
import { BadRequest, HttpFailure } from '../httpErrors.js'
import { readBody, readQuery } from '../parseInput.js'
import type { PriceSource } from '../priceSource.js'
import { baseUnits, caip10, chainRequired, evmAddress, identified } from '../schemaParts.js'

const quotesQuery = z.object({
  ...identified,
  amount: baseUnits,
  userAddress: evmAddress,
  from: caip10,
  to: caip10,
  gasPrice: z.optional(baseUnits),
})
const allowanceQuery = z.object({ ...identified, tokenAddress: caip10, userAddress: evmAddress })
const buildApproveQuery = z.object({
  ...identified,
  userAddress: evmAddress,
  from: caip10,
  to: caip10,
  amount: z.optional(baseUnits),
})
const buildTransactionBody = z.object({
  amount: baseUnits,
  eip155: z.optional(z.object({ slippage: z.union([z.string(), z.number()]) })),
  projectId: z.optional(z.string()),
  from: caip10,
  to: caip10,
  userAddress: caip10,
  disableEstimate: z.optional(z.boolean()),
})

const swapAbi = parseAbi([
  'function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])',
])
const MAX_UINT256 = 2n ** 256n - 1n

function requireRouter(settings: ApiSettings): Address {
  const router = settings.swapRouter
  if (!router) throw new HttpFailure(501, 'swaps need a DEX on the chain; configure a swapRouter')
  return router
}

const priceOf = (prices: PriceSource, asset: ServedAsset) =>
  prices.usd({ chainId: asset.caip2, symbol: asset.symbol, ...(asset.address && { address: asset.address }) })

export function convertRoutes({ reader, chains, prices, settings }: ApiContext): Hono {
  const routes = new Hono()

  routes.get('/v1/convert/tokens', (c) => {
    const { chainId } = readQuery(c, chainRequired, 'GET /v1/convert/tokens')
    const id = chains.servedChain(chainId)
    const native = reader.nativeCurrency(id)
    const tokens = [
      {
        name: native.name,
        symbol: native.symbol,
        address: `${chainId}:${NATIVE_TOKEN_ADDRESS}`,
        decimals: native.decimals,
        logoUri: native.iconUrl,
      },
      ...reader.tokens(id).map((token) => ({
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
    const from = chains.assetOf(q.from)
    const to = chains.assetOf(q.to)
    if (!from || !to) throw new BadRequest('from/to: not a token this API quotes')
    if (from.chainId !== to.chainId) throw new BadRequest('from/to: both tokens must be on one chain')
    const [fromPrice, toPrice] = await Promise.all([priceOf(prices, from), priceOf(prices, to)])
    if (!fromPrice || !toPrice) throw new BadRequest('from/to: not a token this API quotes')
    // A quote at the source's prices: value in, value out, no fee.
    const valueIn = Number(formatUnits(BigInt(q.amount), from.decimals)) * fromPrice
    const amountOut = valueIn / toPrice
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

  routes.get('/v1/convert/allowance', async (c) => {
    const q = readQuery(c, allowanceQuery, 'GET /v1/convert/allowance')
    const router = requireRouter(settings)
    const [namespace, reference, token] = q.tokenAddress.split(':') as [string, string, Address]
    const chainId = chains.servedChain(`${namespace}:${reference}`)
    if (token.toLowerCase() === NATIVE_TOKEN_ADDRESS) return c.json({ allowance: MAX_UINT256.toString() })
    const allowance = await reader.allowance(chainId, getAddress(token), getAddress(q.userAddress), router)
    return c.json({ allowance: allowance.toString() })
  })

  routes.get('/v1/convert/gas-price', async (c) => {
    const { chainId } = readQuery(c, chainRequired, 'GET /v1/convert/gas-price')
    const gasPrice = await reader.gasPrice(chains.servedChain(chainId))
    return c.json({
      standard: gasPrice.toString(),
      fast: ((gasPrice * 12n) / 10n).toString(),
      instant: ((gasPrice * 15n) / 10n).toString(),
    })
  })

  routes.get('/v1/convert/build-approve', async (c) => {
    const q = readQuery(c, buildApproveQuery, 'GET /v1/convert/build-approve')
    const router = requireRouter(settings)
    const [namespace, reference, token] = q.from.split(':') as [string, string, Address]
    const chainId = chains.servedChain(`${namespace}:${reference}`)
    const amount = q.amount === undefined ? MAX_UINT256 : BigInt(q.amount)
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

  routes.post('/v1/convert/build-transaction', async (c) => {
    const b = await readBody(c, buildTransactionBody, 'POST /v1/convert/build-transaction')
    const router = requireRouter(settings)
    const from = b.from.split(':') as [string, string, Address]
    const to = b.to.split(':') as [string, string, Address]
    const user = b.userAddress.split(':')[2] as Address
    const chainId = chains.servedChain(`${from[0]}:${from[1]}`)
    const gasPrice = await reader.gasPrice(chainId)
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 20 * 60)
    // amountOutMin 0 means no slippage bound: harmless on pools nobody else trades (the
    // devstack's), not on a public chain. Bounding it by the quote and eip155.slippage is
    // hardening work still to do.
    const data = encodeFunctionData({
      abi: swapAbi,
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

  return routes
}
