/**
 * vitest globalSetup of the API tests: one EVM history indexer (Ponder) over the shared
 * chains for the whole run. Runs after global-setup.ts, whose chains it reads. It starts
 * in the background, so the tests that do not read history do not wait for it; those that
 * do get its source from `getEvmHistory()` (evmIndexer.ts), which waits until the index
 * has caught up. Stopped (or its start abandoned) when the run ends.
 */
import type { TestProject } from 'vitest/node'
import { startEvmIndexerInBackground } from '../../server/indexer/evm/startEvmIndexerInBackground.js'
import { chainHeads } from '../../server/indexer/evm/waitUntilIndexed.js'
import type { EvmIndexerInfo } from './evmIndexer.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { devstack } = project.getProvidedContext()
  if (!devstack) throw new Error("evm-indexer-global-setup.ts must come after 'test/support/global-setup.ts'")
  const chains = devstack.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
  const heads = await chainHeads(chains)
  const indexer = await startEvmIndexerInBackground({
    chains,
    pollingIntervalMs: 200,
    readyTimeoutMs: 300_000,
  })
  let stopped = false
  // A failed start is printed here; the tests waiting for the index then time out.
  indexer.ready.catch((error: unknown) => {
    if (!stopped) console.error(`EVM indexer: ${error instanceof Error ? error.message : error}`)
  })
  const info: EvmIndexerInfo = { url: indexer.url, chainIds: chains.map((c) => c.chainId), heads }
  project.provide('evmIndexer', info)
  return async () => {
    stopped = true
    await indexer.stop()
  }
}
