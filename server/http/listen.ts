/**
 * Serves a fetch handler (a Hono app's `fetch`) on a TCP port with Node's HTTP server.
 * Stopping ends keep-alive and hanging connections too: without that, `close()` waits
 * for every client to hang up on its own.
 */
import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'

export type ListenOptions = {
  /** Default 0: a free port chosen by the OS. */
  port?: number
  /** Default 127.0.0.1: this machine only. `0.0.0.0` listens on every interface. */
  host?: string
}

export type Listening = {
  /** e.g. `http://127.0.0.1:8787`, without a trailing slash. */
  url: string
  port: number
  /** Stops listening, ends open connections, and resolves once the server is closed. */
  close(): Promise<void>
}

/**
 * @example
 * const { url, close } = await listen(app.fetch, { port: 8787 })
 */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: ListenOptions = {},
): Promise<Listening> {
  const host = options.host ?? '127.0.0.1'
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port: options.port ?? 0 }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    )
    server.once('error', reject)
  })
  let closing: Promise<void> | undefined
  // An IPv6 literal needs brackets in a URL.
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
      return closing
    },
  }
}
