/**
 * The wallet registry: GET /getWallets pages through the configured wallets with the
 * client's filters, and the image routes serve wallet, asset, currency and token images
 * from the configured image source (404 without one).
 */
import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import type { ApiContext, WalletListItem } from '../apiContext.js'
import { clip, HttpFailure } from '../httpErrors.js'
import { parseInput, readQuery } from '../parseInput.js'
import { caip2, commaList, identified, positiveInt, projectOnly } from '../schemaParts.js'

const walletId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'wallet id'))
const walletsQuery = z.object({
  ...identified,
  page: z.optional(positiveInt(10_000)),
  entries: z.optional(positiveInt(100)),
  include: z.optional(commaList(walletId)),
  exclude: z.optional(commaList(walletId)),
  search: z.optional(z.string().check(z.maxLength(100))),
  badge_type: z.optional(z.enum(['certified', 'none'])),
  chains: z.optional(commaList(caip2)),
})
const imageId = z.string().check(z.regex(/^[-_a-zA-Z0-9]{1,64}$/, 'must be an image id'))

export type WalletQuery = {
  page: number
  entries: number
  include?: string[] | undefined
  exclude?: string[] | undefined
  search?: string | undefined
  badge_type?: 'certified' | 'none' | undefined
  chains?: string[] | undefined
}

/**
 * Applies the GET /getWallets filters, then pages: `include` keeps only those ids,
 * `exclude` drops ids, `search` matches names case-insensitively, `badge_type=certified`
 * keeps certified wallets, `chains` keeps wallets supporting any of them. `count` is the
 * total after filtering.
 *
 * @example
 * queryWallets(registry, { page: 2, entries: 40, search: 'vault' })
 */
export function queryWallets<W extends WalletListItem>(
  registry: readonly W[],
  query: WalletQuery,
): { count: number; data: W[] } {
  const include = query.include && query.include.length > 0 ? new Set(query.include) : undefined
  const exclude = new Set(query.exclude ?? [])
  const search = query.search?.trim().toLowerCase()
  const chains = query.chains && query.chains.length > 0 ? query.chains : undefined
  const matching = registry.filter(
    (wallet) =>
      (!include || include.has(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (!search || wallet.name.toLowerCase().includes(search)) &&
      (query.badge_type !== 'certified' || wallet.badge_type === 'certified') &&
      (!chains || chains.some((chain) => wallet.chains.includes(chain))),
  )
  const start = (query.page - 1) * query.entries
  return { count: matching.length, data: matching.slice(start, start + query.entries) }
}

const svg = (c: Context, text: string) =>
  c.body(text, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })

const publicImages = { getAssetImage: 'asset', getCurrencyImage: 'currency', getTokenImage: 'token' } as const

export function walletRoutes({ registry, images }: ApiContext): Hono {
  const routes = new Hono()

  routes.get('/getWallets', (c) => {
    const q = readQuery(c, walletsQuery, 'GET /getWallets')
    return c.json(queryWallets(registry, { ...q, page: q.page ?? 1, entries: q.entries ?? 40 }))
  })

  routes.get('/getWalletImage/:id', (c) => {
    const id = parseInput(imageId, c.req.param('id'), 'id')
    readQuery(c, projectOnly, 'GET /getWalletImage/{id}')
    const image = images?.walletImage(id)
    if (image === undefined) throw new HttpFailure(404, `no wallet image ${clip(id)}`)
    return svg(c, image)
  })

  for (const [route, kind] of Object.entries(publicImages)) {
    routes.get(`/public/${route}/:id`, (c) => {
      const id = parseInput(imageId, c.req.param('id'), 'id')
      readQuery(c, projectOnly, `GET /public/${route}/{id}`)
      const image = images?.publicImage(kind, id)
      if (image === undefined) throw new HttpFailure(404, `no ${kind} image ${clip(id)}`)
      return svg(c, image)
    })
  }

  return routes
}
