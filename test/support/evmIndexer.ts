/**
 * The shared EVM history indexer of the API tests (evm-indexer-global-setup.ts), as a
 * `HistorySource` to hand to `startApiServer({ history })`.
 */
import { inject } from 'vitest'
import type { HistorySource } from '../../server/api/historySource.js'
import type { ChainFingerprints } from '../../server/indexer/evm/chainFingerprints.js'
import { createEvmHistorySource } from '../../server/indexer/evm/evmHistorySource.js'
import { waitUntilIndexed } from '../../server/indexer/evm/waitUntilIndexed.js'

export type EvmIndexerInfo = {
  url: string
  chainIds: number[]
  /** The shared chains' heads when the run began: the index is complete once it has them. */
  heads: ChainFingerprints
}

declare module 'vitest' {
  export interface ProvidedContext {
    evmIndexer: EvmIndexerInfo
  }
}

let caughtUp: Promise<void> | undefined

/**
 * Resolves once the shared index has caught up with the shared chains (once per file).
 * Call it in a `beforeAll` with a long timeout: tests have 30 s, the index may need more
 * at the start of a run.
 *
 * @example beforeAll(() => evmIndexCaughtUp(), 240_000)
 */
export function evmIndexCaughtUp(): Promise<void> {
  const info = inject('evmIndexer')
  caughtUp ??= waitUntilIndexed(info.url, info.heads, { capMs: 240_000 })
  return caughtUp
}

/**
 * The shared index's source; its first query waits (once per file) until the index has
 * caught up with the shared chains, which takes up to a minute after the run starts.
 *
 * @example
 * const server = apiServerForFile(() => getDevstack().chains, { history: [getEvmHistory()] })
 */
export function getEvmHistory(): HistorySource {
  const info = inject('evmIndexer')
  if (!info) {
    throw new Error(
      "no EVM indexer: add 'test/support/evm-indexer-global-setup.ts' to the vitest config's globalSetup",
    )
  }
  const source = createEvmHistorySource(info.url, info.chainIds)
  return {
    covers: (chainId) => source.covers(chainId),
    async history(query) {
      await evmIndexCaughtUp()
      return source.history(query)
    },
  }
}
