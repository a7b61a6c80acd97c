/** GET /v1/identity/{address}: the name and avatar of an account, from the name service if one is configured. */
import { Hono } from 'hono'
import { getAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { parseInput, readQuery } from '../parseInput.js'
import { caip2, evmAddress, identified } from '../schemaParts.js'

const identityQuery = z.object({ ...identified, chainId: z.optional(caip2), sender: z.optional(evmAddress) })

export function identityRoutes({ reader, chains, names }: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/v1/identity/:address', async (c) => {
    const owner = getAddress(parseInput(evmAddress, c.req.param('address'), 'address'))
    const q = readQuery(c, identityQuery, 'GET /v1/identity/{address}')
    const chainId = q.chainId ?? `eip155:${reader.chainIds()[0]}`
    chains.servedChain(chainId)
    const found = await names?.identity?.(owner, chainId)
    return c.json({ name: found?.name ?? null, avatar: found?.avatar ?? null })
  })
  return routes
}
