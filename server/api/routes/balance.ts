/**
 * GET /v1/account/{address}/balance: the native currency and every configured token an
 * account holds (zero balances left out), priced in USD; a Solana owner gets SOL and its
 * SPL tokens.
 */
import { Hono } from 'hono'
import { formatUnits, getAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { parseInput, readQuery } from '../parseInput.js'
import { roundUsd } from '../priceSource.js'
import { caip2, evmAddress, identified, queryFlag } from '../schemaParts.js'

const balanceQuery = z.object({
  ...identified,
  currency: z.optional(z.literal('usd')),
  chainId: z.optional(caip2),
  forceUpdate: queryFlag,
})

export function balanceRoutes({ reader, chains, prices }: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/v1/account/:address/balance', async (c) => {
    const solana = chains.solanaOwner(c.req.param('address'), c.req.query('chainId'))
    if (solana) {
      readQuery(c, balanceQuery, 'GET /v1/account/{address}/balance')
      return c.json({ balances: await solana.reader.balances(solana.owner) })
    }
    const owner = getAddress(parseInput(evmAddress, c.req.param('address'), 'address'))
    const q = readQuery(c, balanceQuery, 'GET /v1/account/{address}/balance')
    const balances = []
    for (const chainId of chains.chainsOf(q.chainId)) {
      for (const asset of await reader.balances(chainId, owner)) {
        if (asset.amount === 0n) continue
        const numeric = formatUnits(asset.amount, asset.decimals)
        const caip2Id = `eip155:${chainId}`
        const price =
          (await prices.usd({
            chainId: caip2Id,
            symbol: asset.symbol,
            ...(asset.contract && { address: asset.contract }),
          })) ?? 0
        balances.push({
          name: asset.name,
          symbol: asset.symbol,
          chainId: caip2Id,
          address: asset.contract ? `${caip2Id}:${asset.contract}` : undefined,
          value: roundUsd(price * Number(numeric)),
          price,
          quantity: { decimals: String(asset.decimals), numeric },
          iconUrl: asset.iconUrl,
        })
      }
    }
    return c.json({ balances })
  })
  return routes
}
