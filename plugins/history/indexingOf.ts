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
 * Whether a failed history read is the API saying its index is still catching up (503 with
 * code `HISTORY_INDEXING`): then how far it is and when to ask again. Any other failure,
 * a plain 503 included, is not a wait: undefined.
 *
 * @example
 * indexingOf(new HttpError(503, { retryAfterMs: 3000, data: { body: { code: 'HISTORY_INDEXING' } } }), 'first')
 * // { indexedBlock: null, headBlock: null, retryAfterMs: 3000, page: 'first' }
 */
export function indexingOf(error: unknown, page: HistoryIndexing['page']): HistoryIndexing | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof HttpError) {
      const body = (current.data as { body?: unknown } | undefined)?.body as
        | { code?: unknown; details?: { progress?: { indexedBlock?: unknown; headBlock?: unknown } } }
        | undefined
      if (current.status !== 503 || body?.code !== 'HISTORY_INDEXING') return undefined
      const wait = current.retryAfterMs ?? DEFAULT_RETRY_MS
      return {
        indexedBlock: blockOf(body.details?.progress?.indexedBlock),
        headBlock: blockOf(body.details?.progress?.headBlock),
        retryAfterMs: Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, wait)),
        page,
      }
    }
    current = current.cause
  }
  return undefined
}
