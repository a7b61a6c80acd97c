/**
 * The embedded-wallet frame service as a Hono app: email login with codes and device
 * approval, sessions, the wallet's shares, the project's allowed origins, the frame page
 * and an RPC forwarder for the frame (see docs/server.md, "Embedded wallet frame
 * service"). Every rule that must hold across instances lives in the database.
 *
 * This file composes the service: the options are read into a shared context
 * (frameContext.ts), the guards and the error handler are set, and each group of routes
 * (routes/) is mounted.
 */
import { Hono } from 'hono'
import { BadRequest, HttpFailure } from '../api/httpErrors.js'
import { inputGuard } from '../api/inputGuard.js'
import { FrameServiceError } from './errors.js'
import { openFrameContext } from './frameContext.js'
import { frameFailure } from './frameFailure.js'
import { type CreateFrameServiceOptions, readProjects } from './frameOptions.js'
import { deviceRoutes } from './routes/deviceRoutes.js'
import { emailRoutes } from './routes/emailRoutes.js'
import { emailUpdateRoutes } from './routes/emailUpdateRoutes.js'
import { farcasterRoutes } from './routes/farcasterRoutes.js'
import { framePageRoutes } from './routes/framePageRoutes.js'
import { originRoutes } from './routes/originRoutes.js'
import { rpcRoutes } from './routes/rpcRoutes.js'
import { sessionRoutes } from './routes/sessionRoutes.js'
import { socialRoutes } from './routes/socialRoutes.js'
import { walletRoutes } from './routes/walletRoutes.js'

export { FARCASTER_FLOW_TTL_SECONDS } from './farcasterFlows.js'
export type { CreateFrameServiceOptions, FarcasterOptions, FrameProject } from './frameOptions.js'

export type FrameService = {
  app: Hono
  /**
   * Replaces a project's allowed origins (adding the project when new), for an app whose
   * origin is known only after the service started, as a dev server's port.
   *
   * @example service.setAllowedOrigins('demo', ['http://127.0.0.1:5173'])
   */
  setAllowedOrigins(projectId: string, origins: readonly string[]): void
  /**
   * Answers the requests that wait for something (a device approval) now, so a graceful
   * stop need not wait for them; what else is under way goes on.
   */
  stopWaiting(): void
  /** Ends waiting requests, closes the mailer and the database the service opened. */
  close(): Promise<void>
}

/** The largest body taken: shares and recovery material are a few hundred bytes. */
export const MAX_FRAME_REQUEST_BYTES = 64 * 1024

/** The largest RPC call taken: a signed transaction may carry a contract's code (a few hundred KiB). */
export const MAX_RPC_REQUEST_BYTES = 1024 * 1024

/** Every group of routes, each given the shared context. */
const routeGroups = [
  framePageRoutes,
  originRoutes,
  emailRoutes,
  deviceRoutes,
  sessionRoutes,
  walletRoutes,
  emailUpdateRoutes,
  socialRoutes,
  farcasterRoutes,
  rpcRoutes,
]

/**
 * @example
 * const service = await createFrameService({
 *   smtp: { host: '127.0.0.1', port: 2525, from: 'login@latchkit.test' },
 *   projects: { demo: { allowedOrigins: ['http://127.0.0.1:5173'] } },
 *   chains: { 'eip155:31337': 'http://127.0.0.1:8545' },
 *   shareKey: process.env.LATCHKIT_FRAME_SHARE_KEY ?? '',
 * })
 * const server = await listen(service.app.fetch, { port: 8794 })
 */
export async function createFrameService(options: CreateFrameServiceOptions): Promise<FrameService> {
  const { context, stopWaiting, close } = await openFrameContext(options)
  const app = new Hono()

  app.onError((error, c) => {
    if (error instanceof FrameServiceError)
      return frameFailure(c, error.code, error.message, error.retryAfter)
    if (error instanceof HttpFailure && error.status === 413)
      return frameFailure(c, 'PAYLOAD_TOO_LARGE', error.message)
    if (error instanceof BadRequest) return frameFailure(c, 'BAD_REQUEST', error.message)
    console.error('[latchkit frame service]', error)
    return frameFailure(c, 'INTERNAL')
  })
  app.notFound((c) => frameFailure(c, 'NOT_FOUND'))
  const guard = inputGuard(MAX_FRAME_REQUEST_BYTES)
  const rpcGuard = inputGuard(MAX_RPC_REQUEST_BYTES)
  app.use('*', (c, next) => (c.req.path.startsWith('/v1/rpc/') ? rpcGuard(c, next) : guard(c, next)))
  // Only the frame, on this origin, posts here: a browser names the page that sent a POST,
  // and one from another origin is refused before any route runs. Scripts send no Origin.
  app.use('*', async (c, next) => {
    const from = c.req.header('origin')
    if (c.req.method === 'POST' && from !== undefined) {
      const host = URL.canParse(from) ? new URL(from).host : undefined
      // The public URL's origin too: a proxy in front may pass on another Host header.
      const own = host !== undefined && (host === c.req.header('host') || from === context.publicUrl)
      if (!own) throw new FrameServiceError('ORIGIN_NOT_ALLOWED')
    }
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    if (c.req.path.startsWith('/v1/') || c.req.path.startsWith('/projects/'))
      c.header('Cache-Control', 'no-store')
  })

  for (const group of routeGroups) app.route('/', group(context))

  let closed: Promise<void> | undefined
  return {
    app,
    setAllowedOrigins(projectId, origins) {
      for (const [id, allowed] of readProjects({ [projectId]: { allowedOrigins: origins } }))
        context.projects.set(id, allowed)
    },
    stopWaiting,
    close() {
      closed ??= close()
      return closed
    },
  }
}
