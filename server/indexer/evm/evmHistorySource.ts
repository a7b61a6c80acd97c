/**
 * The EVM history as a `HistorySource`: a client of the indexer's `GET /history/:account`
 * (src/api/index.ts).
 */
import {
  type HistoryPage,
  type HistoryQuery,
  type HistorySource,
  type IndexedTransaction,
  InvalidCursorError,
} from '../../api/historySource.js'

/**
 * @example
 * const source = createEvmHistorySource('http://127.0.0.1:42069', [31337, 31338])
 * const page = await source.history({ account: '0xf39F...', chainIds: [], limit: 20 })
 * const more = page.next ? await source.history({ account, chainIds: [], limit: 20, cursor: page.next }) : undefined
 */
export function createEvmHistorySource(indexerUrl: string, chainIds: readonly number[]): HistorySource {
  const served = new Set(chainIds.map((id) => `eip155:${id}`))
  return {
    covers: (chainId) => served.has(chainId),
    async history(query: HistoryQuery): Promise<HistoryPage> {
      const asked = query.chainIds.length > 0 ? query.chainIds.filter((id) => served.has(id)) : [...served]
      if (asked.length === 0) return { transactions: [], next: null }
      const url = new URL(
        `history/${encodeURIComponent(query.account)}`,
        indexerUrl.endsWith('/') ? indexerUrl : `${indexerUrl}/`,
      )
      url.searchParams.set('limit', String(query.limit))
      url.searchParams.set('chainIds', asked.map((id) => id.slice('eip155:'.length)).join(','))
      if (query.cursor) url.searchParams.set('cursor', query.cursor)
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
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
