/**
 * The Blockchain API and wallet-project API as one Hono app, composed from one route
 * module per endpoint group (routes/), each owning its schemas. Every input is parsed; a
 * bad one is a 400 `{ code: 'BAD_REQUEST', message }` (a route's own code where a client
 * acts on it): every error is the servers' one shape (server/http/errorAnswer.ts) and
 * repeats at most a short, clipped piece of the input. Before any route, every request passes the input
 * checks of inputGuard.ts (413 over the body limit; 400 for NUL, invalid UTF-8, JSON
 * nested too deep). Browsers may call it from the configured origins only.
 */
import type { IncomingMessage } from 'node:http'
import { Hono, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { ApiContext, ApiSettings, ImageSource, NameService, WalletListItem } from './apiContext.js'
import { createChainLookup } from './chainLookup.js'
import type { ChainReader } from './chainReader.js'
import type { HistorySource } from './historySource.js'
import { answerApiFailure, BadRequest, clip, HttpFailure } from './httpErrors.js'
import { DEFAULT_MAX_BODY_BYTES, inputGuard } from './inputGuard.js'
import type { OnrampSettings } from './onrampProvider.js'
import { noPrices, type PriceSource } from './priceSource.js'
import { balanceRoutes } from './routes/balance.js'
import { convertRoutes } from './routes/convert.js'
import { featureRoutes } from './routes/features.js'
import { fungiblePriceRoutes } from './routes/fungiblePrice.js'
import { historyRoutes } from './routes/history.js'
import { identityRoutes } from './routes/identity.js'
import { nftRoutes } from './routes/nfts.js'
import { checkOnrampSettings, onrampRoutes } from './routes/onramp.js'
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
   * Where GET /v1/account/{address}/history reads from: the indexers' sources (one per
   * chain family). Default: none, and every history is empty.
   */
  history?: readonly HistorySource[]
  /**
   * The on-ramp providers (`/v1/onramp/*`, `/v1/generators/onrampurl`, and history's
   * `onramp` filter), e.g. `{ providers: [acmeRamp], usdPerEur: 1.08 }`. Default: none, and
   * those routes answer 501.
   */
  onramp?: OnrampSettings
  /**
   * The sign-in verifier's app (`createSiweVerifier(...).app`), served under `/siwe/*`
   * with its own CORS (its origins, with credentials). Asked on every request.
   */
  siwe?: () => Hono | undefined
  /**
   * The analytics collector (`createAnalyticsCollector(...)`), whose routes
   * (`POST /v1/analytics/events`, `GET /v1/analytics/funnel`, `GET /analytics`) are served
   * beside the API's. Without one, those paths answer 501 `ANALYTICS_NOT_CONFIGURED`.
   */
  analytics?: { routes: Hono }
  /**
   * The browser origins allowed to call the API and the RPC gateway (CORS), e.g.
   * `['https://app.example']`, or a test asked per request. Default: none, so only a page
   * on the server's own origin (and any non-browser client) can read the answers.
   */
  corsOrigins?: readonly string[] | ((origin: string) => boolean)
  /** The largest request body read, in bytes; a larger one answers 413. Default {@link DEFAULT_MAX_BODY_BYTES} (1 MiB). */
  maxBodyBytes?: number
  /** Run on every request after CORS and the input checks, before any route (the devstack's request log and fault switch). */
  middleware?: readonly MiddlewareHandler[]
  /** More endpoint groups, served beside the API's own (the devstack's stand-ins for outside providers). */
  routes?: readonly Hono[]
  /**
   * Development-only endpoint groups (the devstack's fault switch and request log), all
   * under paths starting `/__`. Without this option there are none. They answer only
   * callers on this machine: the connection's remote address must be loopback, the Host
   * a loopback name, and a browser page must be one `corsOrigins` allows, so neither
   * another machine nor a page elsewhere (not even through DNS rebinding) reaches them.
   */
  devRoutes?: readonly Hono[]
}
const endpointGroups = [
  supportedChainsRoutes,
  featureRoutes,
  balanceRoutes,
  fungiblePriceRoutes,
  identityRoutes,
  historyRoutes,
  nftRoutes,
  convertRoutes,
  onrampRoutes,
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
  if (options.onramp) checkOnrampSettings(options.onramp)
  const context: ApiContext = {
    reader: options.reader,
    chains: createChainLookup(options.reader, options.solana),
    solana: options.solana,
    prices: options.prices ?? noPrices,
    settings: options.settings,
    registry: options.registry ?? [],
    images: options.images,
    names: options.names,
    history: options.history ?? [],
    onramp: options.onramp,
    signIn: () => options.siwe?.() !== undefined,
  }
  const app = new Hono()
  const allowOrigin = originCheck(options.corsOrigins)

  app.onError((error, c) => {
    if (error instanceof BadRequest || error instanceof HttpFailure) {
      const status = error instanceof HttpFailure ? error.status : 400
      return answerApiFailure(c, status, error.message, error.code)
    }
    if (error instanceof HTTPException && error.status < 500) {
      return answerApiFailure(c, error.status, error.message || 'bad request')
    }
    console.error('[latchkit api]', error)
    return answerApiFailure(c, 500, 'internal error')
  })
  app.notFound((c) => answerApiFailure(c, 404, `no route for ${clip(c.req.method)} ${clip(c.req.path)}`))

  // Sign-in has its own CORS: its cookie and sessions are for the app's origins only,
  // which the verifier names.
  const apiCors = cors({
    origin: (origin) => (origin !== '' && allowOrigin(origin) ? origin : null),
    // DELETE only for the dev routes (clearing the fault switch and the log).
    allowMethods: options.devRoutes?.length ? ['GET', 'HEAD', 'POST', 'DELETE'] : ['GET', 'HEAD', 'POST'],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  })
  app.use('*', (c, next) => (c.req.path.startsWith('/siwe/') && options.siwe?.() ? next() : apiCors(c, next)))
  app.use('*', inputGuard(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
  const devRoutes = options.devRoutes ?? []
  for (const group of devRoutes) {
    const outside = group.routes.find((route) => !route.path.startsWith('/__'))
    if (outside) throw new Error(`createApiApp: dev route ${outside.path} must start with /__`)
  }
  if (devRoutes.length > 0) {
    const gate = devOnly(allowOrigin)
    app.use('*', (c, next) => (c.req.path.startsWith('/__') ? gate(c, next) : next()))
  }
  for (const middleware of options.middleware ?? []) app.use('*', middleware)

  for (const group of devRoutes) app.route('/', group)
  for (const routes of options.routes ?? []) app.route('/', routes)
  if (options.analytics) app.route('/', options.analytics.routes)
  else app.route('/', analyticsAbsent())
  app.route(
    '/',
    signInRoutes(() => options.siwe?.()),
  )
  for (const group of endpointGroups) app.route('/', group(context))
  return app
}

/** The analytics collector's paths on a server that collects nothing. */
function analyticsAbsent(): Hono {
  const routes = new Hono()
  const absent = () => {
    throw new HttpFailure(501, 'Analytics is not configured on this server', 'ANALYTICS_NOT_CONFIGURED')
  }
  routes.all('/v1/analytics/*', absent)
  routes.all('/analytics', absent)
  return routes
}

function originCheck(option: ApiAppOptions['corsOrigins']): (origin: string) => boolean {
  if (typeof option === 'function') return option
  const origins = new Set(option ?? [])
  return (origin) => origins.has(origin)
}

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))

const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)

/** The dev routes' gate: this machine's scripts, and pages CORS allows (see {@link ApiAppOptions.devRoutes}). */
const devOnly =
  (allowOrigin: (origin: string) => boolean): MiddlewareHandler =>
  async (c, next) => {
    // The socket's address, never a header a client can write. In-process requests
    // (app.request) have no socket and are refused too.
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket
    if (!isLoopbackAddress(socket?.remoteAddress)) {
      throw new HttpFailure(403, 'the dev routes answer callers on this machine only')
    }
    // A page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) sends its own Host.
    if (!isLoopbackHost(new URL(c.req.url).hostname)) {
      throw new HttpFailure(403, 'the dev routes answer a loopback Host only')
    }
    // A browser sends a text/plain POST from any page without asking first: refuse those
    // the API's CORS does not name.
    const origin = c.req.header('origin')
    if (origin !== undefined && !allowOrigin(origin)) {
      throw new HttpFailure(403, 'the dev routes answer scripts on this machine and allowed pages only')
    }
    await next()
  }
