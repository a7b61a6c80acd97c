/**
 * vitest globalSetup of the API tests: one EVM history indexer (Ponder) over the shared
 * chains for the whole run. Runs after global-setup.ts, whose chains it reads. It starts
 * in the background, so the tests that do not read history do not wait for it; those that
 * do get its source from `getEvmHistory()` (evmIndexer.ts), which waits, following its
 * progress, until the index has caught up. A start that fails is tried again
 * (startEvmIndexerInBackground); when it cannot start at all, the setup provides why
 * (`evmIndexerError`), or writes it to `failureFile` once the run is under way, instead of
 * throwing: only the tests that read history fail (sharedService.ts). Stopped (or its
 * start abandoned) when the run ends.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEvmIndexerInBackground } from '../../server/indexer/evm/startEvmIndexerInBackground.js'
import { chainHeads } from '../../server/indexer/evm/waitUntilIndexed.js'
import type { EvmIndexerInfo } from './evmIndexer.js'
import { SHARED_SERVICES, startFailure } from './sharedService.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const failed = (error: unknown) => {
    const failure = startFailure(SHARED_SERVICES.evmIndexer, error)
    console.error(failure)
    project.provide('evmIndexerError', failure)
    return async () => {}
  }
  const { devstack, devstackError } = project.getProvidedContext()
  if (devstackError) return failed(new Error(`it indexes the shared chains, and ${devstackError}`))
  if (!devstack) {
    return failed(new Error("evm-indexer-global-setup.ts must come after 'test/support/global-setup.ts'"))
  }
  const chains = devstack.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
  const statusDir = mkdtempSync(join(tmpdir(), 'latchkit-evm-indexer-status-'))
  const failureFile = join(statusDir, 'failure.txt')
  const removeStatus = () => rmSync(statusDir, { recursive: true, force: true })
  let indexer: Awaited<ReturnType<typeof startEvmIndexerInBackground>>
  let heads: EvmIndexerInfo['heads']
  try {
    heads = await chainHeads(chains)
    indexer = await startEvmIndexerInBackground({
      chains,
      pollingIntervalMs: 200,
      onRetry: (error, attempt) =>
        console.error(`EVM indexer: ${error.message}; starting it again (attempt ${attempt})`),
    })
  } catch (error) {
    removeStatus()
    return failed(error)
  }
  let stopped = false
  // A failed start after its retries: the tests waiting for the index read it from the file.
  indexer.ready.catch((error: unknown) => {
    if (stopped) return
    const message = error instanceof Error ? error.message : String(error)
    console.error(`EVM indexer: ${message}`)
    writeFileSync(failureFile, message)
  })
  const info: EvmIndexerInfo = {
    url: indexer.url,
    chainIds: chains.map((c) => c.chainId),
    heads,
    failureFile,
  }
  project.provide('evmIndexer', info)
  return async () => {
    stopped = true
    await indexer.stop()
    removeStatus()
  }
}
