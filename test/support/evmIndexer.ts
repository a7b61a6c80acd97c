/**
 * The shared EVM history indexer of the API tests (evm-indexer-global-setup.ts), as a
 * `HistorySource` to hand to `startApiServer({ history })`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { inject } from 'vitest'
import type { HistorySource } from '../../server/api/historySource.js'
import type { ChainFingerprints } from '../../server/indexer/evm/chainFingerprints.js'
import { createEvmHistorySource } from '../../server/indexer/evm/evmHistorySource.js'
import { waitUntilIndexed } from '../../server/indexer/evm/waitUntilIndexed.js'
import { requireService, SHARED_SERVICES } from './sharedService.js'

export type EvmIndexerInfo = {
  url: string
  chainIds: number[]
  /** The shared chains' heads when the run began: the index is complete once it has them. */
  heads: ChainFingerprints
  /** Where the setup writes why the indexer failed, should it fail after the run began. */
  failureFile: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    evmIndexer: EvmIndexerInfo
    /** Why the indexer did not start, when it did not (then `evmIndexer` is not provided). */
    evmIndexerError: string
  }
}

/**
 * The longest wait for the shared index: it fails sooner when the index makes no progress
 * for 5 minutes. A `beforeAll` that waits for the index takes this as its timeout.
 */
export const EVM_INDEX_WAIT_MS = 20 * 60_000

let caughtUp: Promise<void> | undefined

function sharedIndexer(): EvmIndexerInfo {
  return requireService(
    SHARED_SERVICES.evmIndexer,
    inject('evmIndexer'),
    inject('evmIndexerError'),
    'test/support/evm-indexer-global-setup.ts',
  )
}

/**
 * Resolves once the shared index has caught up with the shared chains (once per file),
 * following its progress: it rejects, naming the indexer and the cause, when the indexer
 * failed, made no progress for 5 minutes, or outlasted `EVM_INDEX_WAIT_MS`.
 *
 * @example beforeAll(() => evmIndexCaughtUp(), EVM_INDEX_WAIT_MS + 60_000)
 */
export function evmIndexCaughtUp(): Promise<void> {
  caughtUp ??= (async () => {
    const info = sharedIndexer()
    try {
      await waitUntilIndexed(info.url, info.heads, {
        stallMs: 5 * 60_000,
        capMs: EVM_INDEX_WAIT_MS,
        failure: () => (existsSync(info.failureFile) ? readFileSync(info.failureFile, 'utf8') : undefined),
      })
    } catch (error) {
      throw new Error(`${SHARED_SERVICES.evmIndexer} is not usable: ${(error as Error).message}`)
    }
  })()
  return caughtUp
}

/**
 * The shared index's source; its first query waits (once per file) until the index has
 * caught up with the shared chains, which takes a minute or more after the run starts.
 *
 * @example
 * const server = apiServerForFile(() => getDevstack().chains, { history: [getEvmHistory()] })
 */
export function getEvmHistory(): HistorySource {
  const info = sharedIndexer()
  const source = createEvmHistorySource(info.url, info.chainIds)
  return {
    covers: (chainId) => source.covers(chainId),
    async history(query) {
      await evmIndexCaughtUp()
      return source.history(query)
    },
  }
}
