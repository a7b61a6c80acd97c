/**
 * The indexer for a stack that starts several things at once (the demo, a test run): its
 * URL and source at once, so the API server can be made with them, while Ponder boots and
 * catches up (about a minute on 2 cores) in parallel with everything else.
 */
import { createServer } from 'node:net'
import type { HistorySource } from '../../api/historySource.js'
import { createEvmHistorySource } from './evmHistorySource.js'
import { type StartEvmIndexerOptions, startEvmIndexer } from './startEvmIndexer.js'

export type BackgroundEvmIndexer = {
  /** Where it will listen, e.g. http://127.0.0.1:42069 */
  url: string
  /** Its history; a query fails until the indexer listens. */
  source: HistorySource
  /** Resolves once it has caught up with the chains; rejects if it could not start. */
  ready: Promise<void>
  /** Stops it, or abandons a start still under way. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * @example
 * const evm = await startEvmIndexerInBackground({ chains: [{ chainId: 31337, rpcUrl }] })
 * const api = await startApiServer({ chains, history: [evm.source] })
 * await evm.ready
 */
export async function startEvmIndexerInBackground(
  options: Omit<StartEvmIndexerOptions, 'port' | 'signal'>,
): Promise<BackgroundEvmIndexer> {
  const port = await findFreePort()
  const url = `http://127.0.0.1:${port}`
  const abandon = new AbortController()
  const starting = startEvmIndexer({ ...options, port, signal: abandon.signal })
  starting.catch(() => {})
  let stopping: Promise<void> | undefined
  return {
    url,
    source: createEvmHistorySource(
      url,
      options.chains.map((chain) => chain.chainId),
    ),
    ready: starting.then(() => undefined),
    stop() {
      stopping ??= (async () => {
        abandon.abort()
        const indexer = await starting.catch(() => undefined)
        await indexer?.stop()
      })()
      return stopping
    },
  }
}

// Ponder cannot listen on port 0, and the URL is needed before it listens: one is picked
// here (startEvmIndexer fails, rather than moving, if it is taken by then).
function findFreePort(): Promise<number> {
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
