/**
 * The smart-sessions API: the permissions an account granted, and revoking one. This
 * service grants none, so the list is empty and every id is unknown.
 */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { clip, HttpFailure } from '../httpErrors.js'
import { parseInput, readBody, readQuery } from '../parseInput.js'
import { evmAddress, projectOnly } from '../schemaParts.js'

const revokeBody = z.object({
  pci: z.string().check(z.minLength(1)),
  signature: z.string().check(z.minLength(1)),
})

export function sessionRoutes(_context: ApiContext): Hono {
  const routes = new Hono()

  routes.get('/v1/sessions/:address', (c) => {
    parseInput(evmAddress, c.req.param('address'), 'address')
    readQuery(c, projectOnly, 'GET /v1/sessions/{address}')
    return c.json({ pcis: [] })
  })

  routes.post('/v1/sessions/:address/revoke', async (c) => {
    parseInput(evmAddress, c.req.param('address'), 'address')
    const { pci } = await readBody(c, revokeBody, 'POST /v1/sessions/{address}/revoke')
    throw new HttpFailure(404, `unknown session ${clip(pci)}`)
  })

  return routes
}
