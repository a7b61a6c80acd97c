/**
 * A small reverse proxy in front of several instances of a server, as a deployment puts a
 * load balancer in front of them: each request goes to the next instance in turn, and one
 * whose port refuses the connection (a stopped instance) is skipped for the next. HTTP
 * only, no WebSocket upgrades; it forwards method, path, headers and body as they came.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RoundRobinProxy = {
  url: string
  /** How many requests each upstream answered, by its URL. */
  answered: Map<string, number>
  close(): Promise<void>
}

/**
 * @example
 * const proxy = await startRoundRobinProxy(['http://127.0.0.1:8001', 'http://127.0.0.1:8002'])
 * await fetch(`${proxy.url}/readyz`)
 */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  let next = 0
  const answered = new Map(upstreams.map((url) => [url, 0]))

  const forward = (incoming: IncomingMessage, body: Buffer, response: ServerResponse, tries: number) => {
    const upstream = new URL(upstreams[next % upstreams.length]!)
    next += 1
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host, 'x-forwarded-for': '127.0.0.1' },
        // A connection per request, as nginx opens by default: a kept-alive socket to an
        // instance that has since stopped would fail mid-request instead of being refused.
        agent: false,
      },
      (upstreamResponse) => {
        answered.set(upstream.origin, (answered.get(upstream.origin) ?? 0) + 1)
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers)
        upstreamResponse.pipe(response)
      },
    )
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // Refused before anything was sent: that instance is down, so the next one gets it.
      if (error.code === 'ECONNREFUSED' && tries + 1 < upstreams.length) {
        forward(incoming, body, response, tries + 1)
        return
      }
      if (!response.headersSent)
        response
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'BAD_GATEWAY', message: `no instance answered: ${error.message}` }))
      else response.destroy()
    })
    outgoing.end(body)
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), response, 0))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
