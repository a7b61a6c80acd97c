/**
 * The Blockchain API and wallet-project API as one Hono app, composed from one route
 * module per endpoint group (routes/), each owning its schemas. Every input is parsed; a
 * bad one is a 400 with `{ message }`, and every error is JSON.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { ApiContext, ApiSettings, ImageSource, NameService, WalletListItem } from './apiContext.js'
import { createChainLookup } from './chainLookup.js'
import type { ChainReader } from './chainReader.js'
import { BadRequest, HttpFailure } from './httpErrors.js'
import { noPrices, type PriceSource } from './priceSource.js'
import { balanceRoutes } from './routes/balance.js'
import { convertRoutes } from './routes/convert.js'
import { fungiblePriceRoutes } from './routes/fungiblePrice.js'
import { historyRoutes } from './routes/history.js'
import { identityRoutes } from './routes/identity.js'
import { nftRoutes } from './routes/nfts.js'
import { profileRoutes } from './routes/profile.js'
import { projectRoutes } from './routes/project.js'
import { rpcGatewayRoutes } from './routes/rpcGateway.js'
import { sessionRoutes } from './routes/sessions.js'
import { signInRoutes } from './routes/signIn.js'
import { supportedChainsRoutes } from './routes/supportedChains.js'
import { walletRoutes } from './routes/wallets.js'
import type { SolanaReader } from './solanaReader.js'

export type ApiAppOptions = {
  reader: ChainReader
  /** Live settings: the app keeps this object and reads it on every request. */
  settings: ApiSettings
  /** Default: no prices known. */
  prices?: PriceSource
  /** The wallets GET /getWallets pages through. Default: none. */
  registry?: readonly WalletListItem[]
  /** Default: no images (404). */
  images?: ImageSource
  /** Where names and identities come from; without one, none exist. */
  names?: NameService
  /** The Solana cluster to answer for too; without one, the API serves EVM chains only. */
  solana?: SolanaReader
  /**
   * The sign-in verifier's app (`createSiweVerifier(...).app`), served under `/siwe/*`
   * with its own CORS (its origins, with credentials). Asked on every request.
   */
  siwe?: () => Hono | undefined
  /** Run on every request after CORS and before any route (the devstack's request log and fault switch). */
  middleware?: readonly MiddlewareHandler[]
  /** More endpoint groups, served beside the API's own (the devstack's stand-ins for outside providers). */
  routes?: readonly Hono[]
}

const endpointGroups = [
  supportedChainsRoutes,
  balanceRoutes,
  fungiblePriceRoutes,
  identityRoutes,
  historyRoutes,
  nftRoutes,
  convertRoutes,
  profileRoutes,
  sessionRoutes,
  rpcGatewayRoutes,
  walletRoutes,
  projectRoutes,
]

/**
 * @example
 * const app = createApiApp({ reader: createChainReader([{ chainId: 1, rpcUrl }]), settings })
 * await app.request('/v1/supported-chains?projectId=demo')
 */
export function createApiApp(options: ApiAppOptions): Hono {
  const context: ApiContext = {
    reader: options.reader,
    chains: createChainLookup(options.reader, options.solana),
    solana: options.solana,
    prices: options.prices ?? noPrices,
    settings: options.settings,
    registry: options.registry ?? [],
    images: options.images,
    names: options.names,
  }
  const app = new Hono()

  // Open to every origin, except sign-in: its cookie and sessions are for the app's
  // origins only, which the verifier's own CORS names.
  const openCors = cors({ origin: '*', exposeHeaders: ['Retry-After'], maxAge: 600 })
  app.use('*', (c, next) =>
    c.req.path.startsWith('/siwe/') && options.siwe?.() ? next() : openCors(c, next),
  )
  for (const middleware of options.middleware ?? []) app.use('*', middleware)

  app.onError((error, c) => {
    if (error instanceof BadRequest) return c.json({ message: error.message }, 400)
    if (error instanceof HttpFailure) return c.json({ message: error.message }, error.status)
    console.error('[latchkit api]', error)
    return c.json({ message: 'internal error' }, 500)
  })
  app.notFound((c) => c.json({ message: `no route for ${c.req.method} ${c.req.path}` }, 404))

  for (const routes of options.routes ?? []) app.route('/', routes)
  app.route(
    '/',
    signInRoutes(() => options.siwe?.()),
  )
  for (const group of endpointGroups) app.route('/', group(context))
  return app
}
