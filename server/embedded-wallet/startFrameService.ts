/**
 * The frame service on a port of its own (Node's HTTP server, see server/http/listen.ts).
 */
import { listen } from '../http/listen.js'
import {
  type CreateFrameServiceOptions,
  createFrameService,
  type FrameService,
} from './createFrameService.js'

export type StartFrameServiceOptions = CreateFrameServiceOptions & {
  /** Default 0: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type StartedFrameService = {
  /** The service's origin as reached here, e.g. `http://127.0.0.1:8794`: the widget's `frameUrl`. */
  url: string
  port: number
  service: FrameService
  /** Stops listening, ends open connections, then closes the service. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * @example
 * const frame = await startFrameService({
 *   port: 8794,
 *   smtp: { host: '127.0.0.1', port: 2525, from: 'login@latchkit.test' },
 *   projects: { demo: { allowedOrigins: ['http://127.0.0.1:5173'] } },
 *   chains: { 'eip155:31337': 'http://127.0.0.1:8545' },
 *   shareKey: process.env.LATCHKIT_FRAME_SHARE_KEY ?? '',
 * })
 */
export async function startFrameService(options: StartFrameServiceOptions): Promise<StartedFrameService> {
  const { port, host, ...serviceOptions } = options
  const service = await createFrameService(serviceOptions)
  let server: Awaited<ReturnType<typeof listen>>
  try {
    server = await listen(service.app.fetch, { port: port ?? 0, ...(host ? { host } : {}) })
  } catch (error) {
    await service.close()
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    // createFrameService has checked it is an origin; given with a trailing slash, it has none here.
    url: options.publicUrl === undefined ? server.url : new URL(options.publicUrl).origin,
    port: server.port,
    service,
    stop() {
      stopping ??= service.close().then(() => server.close())
      return stopping
    },
  }
}
