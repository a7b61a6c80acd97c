import { createServer } from 'node:net'

/**
 * A port free on 127.0.0.1 now. Ponder cannot listen on port 0, and its URL is needed
 * before it listens, so one is picked first; a start fails (and is retried by whoever
 * supervises it) if the port is taken by then.
 *
 * @example const port = await findFreePort() // e.g. 41873
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
