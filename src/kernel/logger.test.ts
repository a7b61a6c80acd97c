import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { consoleSink, createLogger, type LogEntry, type LogSink } from './logger'

const encoder = new TextEncoder()
const bytesOf = (lines: string[]) => lines.reduce((sum, line) => sum + encoder.encode(line).length, 0)
const at = Date.parse('2025-01-01T00:00:00Z')

function collecting() {
  const entries: LogEntry[] = []
  const sink: LogSink = (_line, entry) => void entries.push(entry)
  return { entries, sink }
}

describe('createLogger levels', () => {
  it('defaults to error and shows only what passes the level', () => {
    const { entries, sink } = collecting()
    const logger = createLogger({ sink, now: () => at })
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e', { code: 1 })
    expect(entries.map((e) => e.level)).toEqual(['error'])
    expect(logger.getBuffer()).toEqual(['2025-01-01T00:00:00.000Z ERROR e {"code":1}'])
  })

  it('orders debug < info < warn < error < silent', () => {
    const levels = ['debug', 'info', 'warn', 'error'] as const
    for (const [index, level] of [...levels, 'silent' as const].entries()) {
      const { entries, sink } = collecting()
      const logger = createLogger({ level, sink })
      for (const method of levels) logger[method](method)
      expect(entries.map((e) => e.level)).toEqual(levels.slice(index))
      expect(logger.getBuffer()).toHaveLength(levels.length - index)
    }
  })

  it('changes level at runtime for the whole family', () => {
    const { entries, sink } = collecting()
    const logger = createLogger({ sink })
    const child = logger.child('api')
    child.setLevel('debug')
    logger.debug('now visible')
    expect(logger.getLevel()).toBe('debug')
    expect(entries).toHaveLength(1)
  })
})

describe('createLogger formatting and scopes', () => {
  it('prefixes child scopes and nests them', () => {
    const { entries, sink } = collecting()
    const logger = createLogger({ level: 'debug', sink, now: () => at })
    logger.child('storage').warn('dropped', { key: 'latchkit:x' })
    logger.child('plugin').child('send').info('hi')
    expect(logger.getBuffer()).toEqual([
      '2025-01-01T00:00:00.000Z WARN [storage] dropped {"key":"latchkit:x"}',
      '2025-01-01T00:00:00.000Z INFO [plugin:send] hi',
    ])
    expect(entries.map((e) => e.scope)).toEqual(['storage', 'plugin:send'])
  })

  it('serialises errors, bigints and cycles without throwing', () => {
    const logger = createLogger({ level: 'debug', sink: () => {}, now: () => at })
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    const error = Object.assign(new Error('boom'), { code: 4001 })
    logger.info('values', 5n, error, cyclic, 'text', undefined)
    expect(logger.getBuffer()[0]).toBe(
      '2025-01-01T00:00:00.000Z INFO values "5n" {"name":"Error","message":"boom","code":4001} {"a":1,"self":"[Circular]"} text undefined',
    )
  })

  it('survives a throwing sink and still buffers', () => {
    const logger = createLogger({
      sink: () => {
        throw new Error('sink broke')
      },
    })
    expect(() => logger.error('still fine')).not.toThrow()
    expect(logger.getBuffer()).toHaveLength(1)
  })

  it('passes the formatted line first, so a (line) => void sink works', () => {
    const lines: string[] = []
    const logger = createLogger({ sink: (line) => void lines.push(line), now: () => at })
    logger.error('x')
    expect(lines).toEqual(['2025-01-01T00:00:00.000Z ERROR x'])
  })

  it('console sink writes to the matching console method with a tag', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      createLogger({ level: 'warn', sink: consoleSink }).child('api').warn('slow', 1)
      expect(spy).toHaveBeenCalledWith('[latchkit:api]', 'slow', 1)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('createLogger buffer', () => {
  it('defaults to 1,024,000 bytes', () => {
    const logger = createLogger({ sink: () => {}, now: () => at })
    const message = 'x'.repeat(999)
    for (let i = 0; i < 1_100; i++) logger.error(message)
    const buffer = logger.getBuffer()
    expect(bytesOf(buffer)).toBeLessThanOrEqual(1_024_000)
    expect(bytesOf(buffer) + encoder.encode(buffer[0] as string).length).toBeGreaterThan(1_024_000)
  })

  it('never exceeds bufferBytes, drops oldest first and keeps the newest', () => {
    const message = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', ' '), maxLength: 120 })
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 2_000 }),
        fc.array(message, { maxLength: 150 }),
        (bufferBytes, messages) => {
          const logger = createLogger({ level: 'debug', bufferBytes, sink: () => {}, now: () => at })
          for (const [i, m] of messages.entries()) logger.info(`${i} ${m}`)
          const buffer = logger.getBuffer()
          expect(bytesOf(buffer)).toBeLessThanOrEqual(bufferBytes)
          if (messages.length > 0) {
            // The newest entry is always kept (cut to fit when it alone is too large).
            const last = buffer[buffer.length - 1] as string
            const full = `2025-01-01T00:00:00.000Z INFO ${messages.length - 1} ${messages[messages.length - 1]}`
            expect(
              last === full || (last.endsWith('...') && full.startsWith(last.slice(0, -3))) || last === '',
            ).toBe(true)
            // The kept entries are the most recent ones, in order.
            const indices = buffer.filter((l) => !l.endsWith('...')).map((l) => Number(l.split(' ')[2]))
            expect(indices).toEqual([...indices].sort((a, b) => a - b))
          }
        },
      ),
    )
  })

  it('stays correct across many compactions', () => {
    const logger = createLogger({ bufferBytes: 200, sink: () => {}, now: () => at })
    for (let i = 0; i < 10_000; i++) logger.error(String(i))
    const buffer = logger.getBuffer()
    expect(buffer.at(-1)).toBe('2025-01-01T00:00:00.000Z ERROR 9999')
    expect(bytesOf(buffer)).toBeLessThanOrEqual(200)
  })

  it('clear empties the buffer for every scope', () => {
    const logger = createLogger({ sink: () => {} })
    logger.child('a').error('x')
    logger.clear()
    expect(logger.getBuffer()).toEqual([])
    expect(logger.child('a').getBuffer()).toEqual([])
  })
})
