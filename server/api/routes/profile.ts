/**
 * The names (profile) API: look a name up, list an address's names, suggest free names,
 * register one. Everything goes to the configured name service; without one, no name
 * exists (404, []), and suggesting and registering, which only make sense where names can
 * be registered, answer 501 `NAMES_NOT_CONFIGURED`.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { getAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { clip, HttpFailure } from '../httpErrors.js'
import { parseInput, readBody, readQuery } from '../parseInput.js'
import { evmAddress, identified } from '../schemaParts.js'

const profileName = z
  .string()
  .check(z.regex(/^[a-zA-Z0-9.-]{1,255}$/, 'must be letters, digits, hyphens and dots'))
const profileQuery = z.object({
  ...identified,
  apiVersion: z.optional(z.enum(['1', '2'])),
  sender: z.optional(evmAddress),
})
const suggestionsQuery = z.object({ ...identified, zone: z.optional(z.string().check(z.maxLength(64))) })
const registerBody = z.object({
  coin_type: z.union([z.number(), z.string()]),
  address: evmAddress,
  message: z.string().check(z.minLength(1)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/, 'must be a 0x signature')),
})

/**
 * Names clients read a refusal's first `reasons[].description` (the Blockchain API's
 * shape), so the profile routes' error answers carry their message there as well.
 */
const reasonsOnRefusal: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.status < 400 || !c.res.headers.get('content-type')?.includes('application/json')) return
  const body = (await c.res.clone().json()) as { message?: unknown }
  if (typeof body.message !== 'string') return
  c.res = c.json({ ...body, reasons: [{ description: body.message }] }, c.res.status as ContentfulStatusCode)
}

const namesNotConfigured = () =>
  new HttpFailure(501, 'Name registration is not configured on this server', 'NAMES_NOT_CONFIGURED')

/** The zone suggestions fall in when the request names none. */
const DEFAULT_ZONE = 'latch.id'

export function profileRoutes({ names }: ApiContext): Hono {
  const routes = new Hono()
  routes.use('/v1/profile/*', reasonsOnRefusal)

  routes.get('/v1/profile/account/:name', async (c) => {
    const name = parseInput(profileName, c.req.param('name'), 'name')
    readQuery(c, profileQuery, 'GET /v1/profile/account/{name}')
    const found = await names?.lookup?.(name)
    if (!found) throw new HttpFailure(404, `${clip(name)} is not registered`)
    return c.json(found)
  })

  routes.get('/v1/profile/reverse/:address', async (c) => {
    const owner = getAddress(parseInput(evmAddress, c.req.param('address'), 'address'))
    readQuery(c, profileQuery, 'GET /v1/profile/reverse/{address}')
    return c.json((await names?.reverse?.(owner)) ?? [])
  })

  routes.get('/v1/profile/suggestions/:name', async (c) => {
    const name = parseInput(profileName, c.req.param('name'), 'name').toLowerCase()
    const { zone } = readQuery(c, suggestionsQuery, 'GET /v1/profile/suggestions/{name}')
    if (!names?.suggest) throw namesNotConfigured()
    return c.json({ suggestions: await names.suggest(name, zone || DEFAULT_ZONE) })
  })

  routes.post('/v1/profile/account', async (c) => {
    const body = await readBody(c, registerBody, 'POST /v1/profile/account')
    if (!names?.register) throw namesNotConfigured()
    return c.json(await names.register(body))
  })

  return routes
}
