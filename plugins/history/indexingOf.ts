import { HttpError } from 'latchkit'
import type { HistoryIndexing } from './state'

/** When the API gives no usable Retry-After: ask again after this long. */
const DEFAULT_RETRY_MS = 3_000
/** Bounds on the wait, whatever the API says: soon enough to follow, never a busy loop. */
const MIN_RETRY_MS = 1_000
const MAX_RETRY_MS = 60_000

const blockOf = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null

/**
 * The share indexed: the API's `fraction` when it gives one, else the indexed block over
 * the head (the index reads a chain from its first block); null when neither is known.
 */
function fractionOf(given: unknown, indexedBlock: number | null, headBlock: number | null): number | null {
  if (typeof given === 'number' && given >= 0 && given <= 1) return given
  if (indexedBlock === null || headBlock === null || headBlock === 0) return null
  return Math.min(1, indexedBlock / headBlock)
}

/**
 * Whether a failed history read is the API saying its index is still catching up (503 with
 * code `HISTORY_INDEXING`): then how far it is and when to ask again. Any other failure,
 * a plain 503 included, is not a wait: undefined.
 *
 * @example
 * indexingOf(new HttpError(503, { retryAfterMs: 3000, data: { body: { code: 'HISTORY_INDEXING' } } }), 'first')
 * // { indexedBlock: null, headBlock: null, fraction: null, retryAfterMs: 3000, page: 'first' }
 */
export function indexingOf(error: unknown, page: HistoryIndexing['page']): HistoryIndexing | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof HttpError) {
      const body = (current.data as { body?: unknown } | undefined)?.body as
        | {
            code?: unknown
            details?: { progress?: { indexedBlock?: unknown; headBlock?: unknown; fraction?: unknown } }
          }
        | undefined
      if (current.status !== 503 || body?.code !== 'HISTORY_INDEXING') return undefined
      const wait = current.retryAfterMs ?? DEFAULT_RETRY_MS
      const progress = body.details?.progress
      const indexedBlock = blockOf(progress?.indexedBlock)
      const headBlock = blockOf(progress?.headBlock)
      return {
        indexedBlock,
        headBlock,
        fraction: fractionOf(progress?.fraction, indexedBlock, headBlock),
        retryAfterMs: Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, wait)),
        page,
      }
    }
    current = current.cause
  }
  return undefined
}
