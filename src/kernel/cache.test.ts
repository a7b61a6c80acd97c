import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CACHE_MAX_ENTRIES,
  createFailureGate,
  createTtlCache,
  NATIVE_BALANCE_TTL_MS,
  PORTFOLIO_TTL_MS,
} from './cache'

function clock(start = 0) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('cache lifetimes and limits', () => {
  it('has the lifetimes and the maximum', () => {
    expect([PORTFOLIO_TTL_MS, NATIVE_BALANCE_TTL_MS]).toEqual([30_000, 30_000])
    expect(CACHE_MAX_ENTRIES).toBe(8192)
  })
})

describe('createTtlCache', () => {
  it('returns values until they expire, then hides them', () => {
    const { now, advance } = clock()
    const cache = createTtlCache<string, number>({ ttlMs: 1000, now })
    cache.set('a', 1)
    advance(999)
    expect(cache.get('a')).toBe(1)
    expect(cache.has('a')).toBe(true)
    advance(1)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.has('a')).toBe(false)
    expect(cache.size()).toBe(0)
  })

  it('counts only live entries and supports a per-entry ttl', () => {
    const { now, advance } = clock()
    const cache = createTtlCache<string, number>({ ttlMs: 1000, now })
    cache.set('short', 1, 10)
    cache.set('long', 2)
    expect(cache.size()).toBe(2)
    advance(10)
    expect(cache.size()).toBe(1)
    expect(cache.get('long')).toBe(2)
  })

  it('re-setting refreshes the lifetime and the age', () => {
    const { now, advance } = clock()
    const cache = createTtlCache<string, number>({ ttlMs: 100, maxEntries: 2, now })
    cache.set('a', 1)
    cache.set('b', 2)
    advance(50)
    cache.set('a', 3)
    cache.set('c', 4) // evicts b, now the oldest write
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(3)
    advance(60)
    expect(cache.get('a')).toBe(3)
  })

  it('never holds more than maxEntries and evicts the oldest writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 200 }),
        (max, keys) => {
          const cache = createTtlCache<number, number>({ ttlMs: 1000, maxEntries: max, now: () => 0 })
          const order: number[] = []
          for (const key of keys) {
            cache.set(key, key)
            const previous = order.indexOf(key)
            if (previous !== -1) order.splice(previous, 1)
            order.push(key)
            expect(cache.size()).toBeLessThanOrEqual(max)
          }
          const expected = order.slice(-max)
          for (const key of expected) expect(cache.get(key)).toBe(key)
          expect(cache.size()).toBe(expected.length)
        },
      ),
    )
  })

  it('defaults to 8192 entries', () => {
    const cache = createTtlCache<number, number>({ ttlMs: 1000 })
    for (let i = 0; i < 8200; i++) cache.set(i, i)
    expect(cache.size()).toBe(8192)
    expect(cache.get(7)).toBeUndefined()
    expect(cache.get(8)).toBe(8)
  })

  it('deletes and clears', () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1000 })
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.delete('a')).toBe(true)
    expect(cache.delete('a')).toBe(false)
    cache.clear()
    expect(cache.size()).toBe(0)
  })
})

describe('createFailureGate', () => {
  it('blocks a key for 30 s after a failure', () => {
    const { now, advance } = clock()
    const gate = createFailureGate({ now })
    expect(gate.shouldTry('eip155:1:0xabc')).toBe(true)
    gate.recordFailure('eip155:1:0xabc')
    expect(gate.shouldTry('eip155:1:0xabc')).toBe(false)
    expect(gate.shouldTry('eip155:1:0xdef')).toBe(true)
    advance(29_999)
    expect(gate.shouldTry('eip155:1:0xabc')).toBe(false)
    advance(1)
    expect(gate.shouldTry('eip155:1:0xabc')).toBe(true)
  })

  it('a success lifts the block and a new failure restarts the window', () => {
    const { now, advance } = clock()
    const gate = createFailureGate({ windowMs: 100, now })
    gate.recordFailure('k')
    gate.recordSuccess('k')
    expect(gate.shouldTry('k')).toBe(true)
    gate.recordFailure('k')
    advance(60)
    gate.recordFailure('k')
    advance(60)
    expect(gate.shouldTry('k')).toBe(false)
  })
})
