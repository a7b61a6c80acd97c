/** GET /v1/supported-chains: the chains this API answers for, EVM ones and the Solana cluster. */
import { Hono } from 'hono'
import type { ApiContext } from '../apiContext.js'
import { readQuery } from '../parseInput.js'
import { projectOnly } from '../schemaParts.js'

export function supportedChainsRoutes({ reader, solana }: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/v1/supported-chains', (c) => {
    readQuery(c, projectOnly, 'GET /v1/supported-chains')
    const solanaChains = solana ? [solana.chainId] : []
    return c.json({ http: [...reader.chainIds().map((id) => `eip155:${id}`), ...solanaChains], ws: [] })
  })
  return routes
}
