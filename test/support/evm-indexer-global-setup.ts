/**
 * vitest globalSetup of the API tests: one EVM history indexer (Ponder) over the shared
 * chains for the whole run. Runs after global-setup.ts, whose chains it reads. It starts
 * in the background, so the tests that do not read history do not wait for it; those that
 * do get its source from `getEvmHistory()` (evmIndexer.ts), which waits until the index
 * has caught up. Stopped (or its start abandoned) when the run ends.
 */
import type { TestProject } from 'vitest/node'
import { findFreePort } from '../../devstack/free-port.js'
import { startEvmIndexer } from '../../server/indexer/evm/startEvmIndexer.js'
import { chainHeads } from '../../server/indexer/evm/waitUntilIndexed.js'
import type { EvmIndexerInfo } from './evmIndexer.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { devstack } = project.getProvidedContext()
  if (!devstack) throw new Error("evm-indexer-global-setup.ts must come after 'test/support/global-setup.ts'")
  const chains = devstack.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
  const port = await findFreePort()
  const abandon = new AbortController()
  const starting = startEvmIndexer({
    chains,
    port,
    pollingIntervalMs: 200,
    readyTimeoutMs: 300_000,
    signal: abandon.signal,
  })
  // A failed start is printed here; the tests waiting for the index then time out.
  starting.catch((error: unknown) => {
    if (!abandon.signal.aborted)
      console.error(`EVM indexer: ${error instanceof Error ? error.message : error}`)
  })
  const info: EvmIndexerInfo = {
    url: `http://127.0.0.1:${port}`,
    chainIds: chains.map((c) => c.chainId),
    heads: await chainHeads(chains),
  }
  project.provide('evmIndexer', info)
  return async () => {
    abandon.abort()
    const indexer = await starting.catch(() => undefined)
    await indexer?.stop()
  }
}
