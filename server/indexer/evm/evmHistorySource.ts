/**
 * The EVM history as a `HistorySource`: a client of the indexer's `GET /history/:account`
 * (src/api/index.ts). Ponder serves that route while it is still backfilling, with what it
 * has reached so far: the source first asks Ponder's `/ready` (200 once the backfill is
 * done) and, until then, answers {@link HistoryNotReadyError} with `/status`'s progress
 * instead of a partial history. An indexer that does not answer (still booting, or down)
 * is the same wait, never a failure of the request.
 */
import {
  HistoryNotReadyError,
  type HistoryPage,
  type HistoryQuery,
  type HistorySource,
  type IndexedProgress,
  type IndexedTransaction,
  InvalidCursorError,
} from '../../api/historySource.js'

/** How long a `/ready` that said 200 is believed: an indexer that restarts backfills again. */
export const READY_KEPT_MS = 5_000

/** How long `/ready` and `/status` may take: they read one small table. */
const PROBE_TIMEOUT_MS = 2_000

/**
 * @example
 * const source = createEvmHistorySource('http://127.0.0.1:42069', [31337, 31338])
 * const page = await source.history({ account: '0xf39F...', chainIds: [], limit: 20 })
 * const more = page.next ? await source.history({ account, chainIds: [], limit: 20, cursor: page.next }) : undefined
 */
export function createEvmHistorySource(indexerUrl: string, chainIds: readonly number[]): HistorySource {
  const served = new Set(chainIds.map((id) => `eip155:${id}`))
  const base = indexerUrl.endsWith('/') ? indexerUrl : `${indexerUrl}/`
  let readyUntil = 0

  const unreachable = (asked: readonly string[], cause: unknown) => {
    readyUntil = 0
    return new HistoryNotReadyError(
      'unreachable',
      asked.map((chainId) => ({ chainId, indexedBlock: null })),
      { cause },
    )
  }

  /** Resolves when the backfill is done; throws {@link HistoryNotReadyError} until then. */
  async function checkReady(asked: readonly string[]): Promise<void> {
    if (Date.now() < readyUntil) return
    const ready = await fetch(new URL('ready', base), {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).catch((cause: unknown) => {
      throw unreachable(asked, cause)
    })
    await ready.body?.cancel()
    if (ready.ok) {
      readyUntil = Date.now() + READY_KEPT_MS
      return
    }
    throw new HistoryNotReadyError('catching-up', await indexedBlocks(asked))
  }

  /** Each asked chain's last indexed block from Ponder's `/status`; null where it does not say. */
  async function indexedBlocks(asked: readonly string[]): Promise<IndexedProgress[]> {
    const status = await fetch(new URL('status', base), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}))
    const byId = new Map<string, number>()
    for (const chain of Object.values(status as Record<string, unknown>)) {
      const { id, block } = (chain ?? {}) as { id?: unknown; block?: { number?: unknown } }
      if (typeof id === 'number' && typeof block?.number === 'number') byId.set(`eip155:${id}`, block.number)
    }
    return asked.map((chainId) => ({ chainId, indexedBlock: byId.get(chainId) ?? null }))
  }

  return {
    covers: (chainId) => served.has(chainId),
    async history(query: HistoryQuery): Promise<HistoryPage> {
      const asked = query.chainIds.length > 0 ? query.chainIds.filter((id) => served.has(id)) : [...served]
      if (asked.length === 0) return { transactions: [], next: null }
      await checkReady(asked)
      const url = new URL(`history/${encodeURIComponent(query.account)}`, base)
      url.searchParams.set('limit', String(query.limit))
      url.searchParams.set('chainIds', asked.map((id) => id.slice('eip155:'.length)).join(','))
      if (query.cursor) url.searchParams.set('cursor', query.cursor)
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((cause: unknown) => {
        throw unreachable(asked, cause)
      })
      if (response.status === 400) {
        const { message } = (await response.json().catch(() => ({}))) as { message?: string }
        if (message?.startsWith('cursor')) throw new InvalidCursorError()
        throw new Error(`EVM indexer refused the query: ${message ?? response.status}`)
      }
      if (!response.ok) throw new Error(`EVM indexer answered ${response.status}`)
      return (await response.json()) as { transactions: IndexedTransaction[]; next: string | null }
    },
  }
}
