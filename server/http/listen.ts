/**
 * Serves a fetch handler (a Hono app's `fetch`) on a TCP port with Node's HTTP server.
 * Stopping ends keep-alive and hanging connections too: without that, `close()` waits
 * for every client to hang up on its own. A graceful stop (`close({ graceMs })`) first lets
 * the requests under way be answered, for at most that long.
 *
 * What never reaches the handler is answered in the servers' one error shape
 * (`{ code, message }`, server/http/errorAnswer.ts) too: a request Node's
 * HTTP parser refuses (a malformed request line or header, an unknown method: 400; headers
 * over Node's limit: 431; a request too slow to arrive: 408), and a request the adapter
 * cannot turn into a `Request` (a bad Host header: 400).
 *
 * An answer sent before its request's body arrived in full (a body refused for its size,
 * or any answer that did not need the body) ends the connection: it carries
 * `Connection: close`, so a keep-alive client sends its next request on a new connection
 * instead of one the server is closing. The connection then lingers: what the client
 * still sends is read and dropped until it hangs up or `LINGER_MS` pass. Closing at once
 * would make the kernel answer the client's next bytes with a reset, and a client still
 * uploading would often lose the answer (a 413) it had not read yet.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener, RequestError } from '@hono/node-server'
import { codeForStatus, errorBody, errorResponse } from './errorAnswer.js'

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
  /** The Node HTTP server, for what takes its `upgrade` events (the WalletConnect relay). */
  server: Server
  /**
   * Stops listening and resolves once the server is closed. With `graceMs`, requests under
   * way are given that long to be answered (idle keep-alive connections end at once);
   * without, every open connection ends now.
   */
  close(options?: { graceMs?: number }): Promise<void>
}

const json = (status: number, message: string) =>
  errorResponse(status, errorBody(codeForStatus(status), message))

/** A whole HTTP/1.1 answer written straight to a socket, for requests the parser refused. */
function rawAnswer(status: number, reason: string, message: string): string {
  const body = JSON.stringify(errorBody(codeForStatus(status), message))
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}

function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or a request already answered: nothing to write to.
  if (
    error.code === 'ECONNRESET' ||
    !socket.writable ||
    (socket as { _httpMessage?: unknown })._httpMessage
  ) {
    socket.destroy()
    return
  }
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? rawAnswer(431, 'Request Header Fields Too Large', 'the request headers are too large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawAnswer(408, 'Request Timeout', 'the request did not arrive in time')
        : rawAnswer(400, 'Bad Request', 'the request is not valid HTTP/1.1')
  socket.end(answer)
}

/**
 * `response`, closing the connection after it when the request's body has not arrived in
 * full (Node then ends the socket once the answer is written).
 */
function closingWhenBodyUnread(
  response: Response,
  incoming: { readonly complete: boolean; readonly socket: Socket },
): Response {
  if (incoming.complete) return response
  lingering.add(incoming.socket)
  try {
    response.headers.set('connection', 'close')
    return response
  } catch {
    // A response with immutable headers (one passed through from fetch): copied.
    const headers = new Headers(response.headers)
    headers.set('connection', 'close')
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/** How long a closing connection keeps reading a client that is still sending. */
export const LINGER_MS = 5_000

/** Sockets whose answer went out before their request's body arrived in full. */
const lingering = new WeakSet<Socket>()

/**
 * Node's end of a `Connection: close` answer (`destroySoon`: end, then destroy once the
 * answer is written), lingering on the sockets marked by closingWhenBodyUnread: the
 * write side ends at once (the client sees the answer and the end), the read side keeps
 * draining into the HTTP parser, which drops the rest of the body, and the socket is
 * destroyed when the client ends its side or after LINGER_MS.
 */
function lingerBeforeClosing(socket: Socket): void {
  const destroySoon = socket.destroySoon.bind(socket)
  socket.destroySoon = () => {
    if (!lingering.has(socket)) return destroySoon()
    if (socket.writable) socket.end()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
    socket.once('end', () => socket.destroy())
    socket.resume()
  }
}

/**
 * @example
 * const { url, close } = await listen(app.fetch, { port: 8787 })
 */
export async function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  options: ListenOptions = {},
): Promise<Listening> {
  const host = options.host ?? '127.0.0.1'
  const answer = async (
    request: Request,
    env: { incoming: { readonly complete: boolean; readonly socket: Socket } },
  ) => closingWhenBodyUnread(await fetch(request, env), env.incoming)
  const listener = getRequestListener(answer, {
    hostname: host,
    errorHandler: (error) => {
      if (error instanceof RequestError) return json(400, 'the request URL or Host header is not valid')
      console.error('[latchkit server]', error)
      return json(500, 'internal error')
    },
  })
  const server: Server = createServer(listener)
  server.on('clientError', answerClientError)
  server.on('connection', lingerBeforeClosing)
  // Requests whose answer has not finished: what a graceful close waits for.
  let inFlight = 0
  let settled: (() => void) | undefined
  server.on('request', (_request, response) => {
    inFlight++
    response.once('close', () => {
      inFlight--
      if (inFlight === 0) settled?.()
    })
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
  let closing: Promise<void> | undefined
  // An IPv6 literal needs brackets in a URL.
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${urlHost}:${port}`,
    port,
    server,
    close({ graceMs = 0 } = {}) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        if (graceMs > 0 && inFlight > 0) {
          server.closeIdleConnections()
          let timer: NodeJS.Timeout | undefined
          await Promise.race([
            new Promise<void>((resolve) => {
              settled = resolve
            }),
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, graceMs)
            }),
          ])
          clearTimeout(timer)
        }
        // Keep-alive connections a finished request left open, and any request past the grace.
        server.closeAllConnections()
        await closed
      })()
      return closing
    },
  }
}
