import { HttpError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { indexingOf } from './indexingOf'

/** The API's 503 while its index catches up, in the servers' one error shape. */
const indexingAnswer = (details: object, retryAfterMs?: number) =>
  new HttpError(503, {
    retryAfterMs,
    data: { body: { code: 'HISTORY_INDEXING', message: 'History is not ready', details } },
  })

describe('indexingOf', () => {
  it('reads how far the index is from the answer’s details, and when to ask again', () => {
    const error = indexingAnswer(
      { state: 'catching-up', progress: { chainId: 'eip155:1', indexedBlock: 7, headBlock: 40 } },
      5_000,
    )
    expect(indexingOf(error, 'first')).toEqual({
      indexedBlock: 7,
      headBlock: 40,
      fraction: 7 / 40,
      retryAfterMs: 5_000,
      page: 'first',
    })
  })

  it('takes the share indexed from the answer when it gives one (an index that did not start at block 0)', () => {
    const error = indexingAnswer({
      state: 'catching-up',
      progress: { chainId: 'solana:x', indexedBlock: 900, headBlock: null, fraction: 0.42 },
    })
    expect(indexingOf(error, 'first')).toMatchObject({ indexedBlock: 900, headBlock: null, fraction: 0.42 })
    const outOfRange = indexingAnswer({ progress: { indexedBlock: 10, headBlock: 20, fraction: 7 } })
    expect(indexingOf(outOfRange, 'first')).toMatchObject({ fraction: 0.5 })
  })

  it('finds the answer under a wrapping error, and bounds a wait the API names', () => {
    const wrapped = new Error('history read failed', {
      cause: indexingAnswer({ state: 'unreachable' }, 600_000),
    })
    expect(indexingOf(wrapped, 'more')).toEqual({
      indexedBlock: null,
      headBlock: null,
      fraction: null,
      retryAfterMs: 60_000,
      page: 'more',
    })
  })

  it('a block that is not a whole number is unknown, not shown', () => {
    const error = indexingAnswer({ progress: { indexedBlock: '7', headBlock: -1 } })
    expect(indexingOf(error, 'first')).toMatchObject({
      indexedBlock: null,
      headBlock: null,
      fraction: null,
      retryAfterMs: 3_000,
    })
  })

  it('any other failure, a plain 503 included, is not a wait', () => {
    expect(
      indexingOf(new HttpError(503, { data: { body: { code: 'UNAVAILABLE' } } }), 'first'),
    ).toBeUndefined()
    expect(
      indexingOf(new HttpError(500, { data: { body: { code: 'HISTORY_INDEXING' } } }), 'first'),
    ).toBeUndefined()
    expect(indexingOf(new Error('offline'), 'first')).toBeUndefined()
  })
})
