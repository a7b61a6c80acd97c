/** POST /v1/fungible/price: USD prices of served tokens, by CAIP-10 address; unknown ones are left out. */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { readBody, readQuery } from '../parseInput.js'
import { caip10 } from '../schemaParts.js'

const priceQuery = z.object({ projectId: z.optional(z.string()) })
const priceBody = z.object({
  currency: z.literal('usd'),
  addresses: z.array(caip10).check(z.minLength(1), z.maxLength(100)),
  projectId: z.optional(z.string()),
})

export function fungiblePriceRoutes({ chains, prices }: ApiContext): Hono {
  const routes = new Hono()
  routes.post('/v1/fungible/price', async (c) => {
    readQuery(c, priceQuery, 'POST /v1/fungible/price')
    const { addresses } = await readBody(c, priceBody, 'POST /v1/fungible/price')
    const fungibles = []
    for (const caipAddress of addresses) {
      const asset = chains.assetOf(caipAddress)
      if (!asset) continue
      const price = await prices.usd({
        chainId: asset.caip2,
        symbol: asset.symbol,
        ...(asset.address && { address: asset.address }),
      })
      if (price === undefined) continue
      fungibles.push({ name: asset.name, symbol: asset.symbol, iconUrl: asset.iconUrl, price })
    }
    return c.json({ fungibles })
  })
  return routes
}
