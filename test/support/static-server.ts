import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StaticServer = { url: string; close(): Promise<void> }

/**
 * Serves fixed HTML pages from 127.0.0.1 on a free port, for browser tests that need a
 * real origin. Unknown paths get 404.
 *
 * @example
 * const server = await serveHtml({ '/': '<title>Hi</title>' })
 * await page.goto(server.url)
 * await server.close()
 */
export async function serveHtml(pages: Record<string, string>): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const page = pages[path]
    if (page === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
