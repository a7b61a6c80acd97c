import { createServer } from 'node:net'

/**
 * Asks the OS for a free TCP port on `host`. anvil rejects `--port 0`, so we bind a
 * throwaway server to port 0, read the port it got, and release it. Another process can
 * take the port in between; callers retry on "address in use".
 *
 * @example const port = await findFreePort()
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}
