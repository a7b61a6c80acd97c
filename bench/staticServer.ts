import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
}

export interface StaticSite {
  url: string
  close(): Promise<void>
}

/**
 * Serves a built app from 127.0.0.1 on a free port, as a static host would: files as they
 * are, no compression, no cache headers (every cold run gets a fresh browser context).
 *
 * @example
 * const site = await serveDirectory(outdir)
 * await page.goto(site.url)
 */
export async function serveDirectory(root: string): Promise<StaticSite> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    const path = normalize(join(root, pathname === '/' ? 'index.html' : pathname))
    if (!path.startsWith(root)) {
      response.writeHead(403).end()
      return
    }
    try {
      const body = await readFile(path)
      response
        .writeHead(200, { 'content-type': contentTypes[extname(path)] ?? 'application/octet-stream' })
        .end(body)
    } catch {
      response.writeHead(404).end()
    }
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
