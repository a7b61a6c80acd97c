/**
 * A leveled logger with a byte-bounded ring buffer of formatted entries (1,024,000
 * bytes, default level error). The buffer is what a support dump or the embedded-wallet
 * frame reads; the sink (console by default) is where entries are shown.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type LogEntryLevel = Exclude<LogLevel, 'silent'>

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/** The most bytes of UTF-8 the log buffer holds. */
export const LOG_BUFFER_BYTES = 1_024_000
export const DEFAULT_LOG_LEVEL: LogLevel = 'error'

export interface LogEntry {
  time: number
  level: LogEntryLevel
  /** `parent:child` scopes, or '' at the root. */
  scope: string
  message: string
  data: readonly unknown[]
  /** The formatted line kept in the buffer. */
  text: string
}

/** Receives each shown entry: the formatted line, and the structured entry for richer sinks. */
export type LogSink = (line: string, entry: LogEntry) => void

export interface LoggerOptions {
  level?: LogLevel
  bufferBytes?: number
  sink?: LogSink
  now?: () => number
}

export interface Logger {
  debug(message: string, ...data: unknown[]): void
  info(message: string, ...data: unknown[]): void
  warn(message: string, ...data: unknown[]): void
  error(message: string, ...data: unknown[]): void
  /** The shared level; entries below it are neither shown nor buffered. */
  getLevel(): LogLevel
  setLevel(level: LogLevel): void
  /** A logger writing to the same buffer and sink with `scope` appended to this one's. */
  child(scope: string): Logger
  /** Buffered lines, oldest first. */
  getBuffer(): string[]
  clear(): void
}

/**
 * Shows entries on the console, tagged `[latchkit:scope]`.
 *
 * @example
 * createLogger({ level: 'debug', sink: consoleSink })
 */
export const consoleSink: LogSink = (_line, entry) => {
  const target = globalThis.console
  if (!target) return
  const tag = entry.scope ? `[latchkit:${entry.scope}]` : '[latchkit]'
  target[entry.level](tag, entry.message, ...entry.data)
}

/** UTF-8 bytes of the character at `i` (4 for a surrogate pair, counted once). */
function charBytes(text: string, i: number): number {
  const code = text.charCodeAt(i)
  if (code < 0x80) return 1
  if (code < 0x800) return 2
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) return 4
  return 3
}

/** UTF-8 length without allocating (TextEncoder would copy every entry). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; ) {
    const width = charBytes(text, i)
    bytes += width
    i += width === 4 ? 2 : 1
  }
  return bytes
}

/** Cuts `text` to at most `maxBytes` of UTF-8, ending with '...', never splitting a pair. */
function truncateToBytes(text: string, maxBytes: number): string {
  const marker = '...'
  const budget = maxBytes - marker.length
  if (budget <= 0) return ''
  let bytes = 0
  let i = 0
  while (i < text.length) {
    const width = charBytes(text, i)
    if (bytes + width > budget) break
    bytes += width
    i += width === 4 ? 2 : 1
  }
  return text.slice(0, i) + marker
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value
  const seen = new WeakSet<object>()
  try {
    return (
      JSON.stringify(value, (_key, item: unknown) => {
        if (typeof item === 'bigint') return `${item}n`
        if (item instanceof Error) {
          const { code } = item as { code?: unknown }
          return { name: item.name, message: item.message, ...(code !== undefined ? { code } : {}) }
        }
        if (typeof item === 'object' && item !== null) {
          if (seen.has(item)) return '[Circular]'
          seen.add(item)
        }
        return item
      }) ?? String(value)
    )
  } catch {
    return String(value)
  }
}

interface SharedState {
  level: LogLevel
  readonly bufferBytes: number
  readonly sink: LogSink
  readonly now: () => number
  /** Ring buffer as a queue: live lines are lines[head..]. */
  lines: string[]
  sizes: number[]
  head: number
  bytes: number
}

/**
 * Creates a logger. Entries at or above `level` go to the sink and into a ring buffer that
 * never holds more than `bufferBytes` of UTF-8 (oldest dropped first). A throwing sink
 * never throws out of the logger.
 *
 * @example
 * const logger = createLogger({ level: 'warn' })
 * logger.child('storage').warn('Dropped a corrupt value', { key: 'latchkit:recentWallets' })
 * logger.getBuffer() // ['2025-01-01T00:00:00.000Z WARN [storage] Dropped a corrupt value {"key":...}']
 */
export function createLogger({
  level = DEFAULT_LOG_LEVEL,
  bufferBytes = LOG_BUFFER_BYTES,
  sink = consoleSink,
  now = Date.now,
}: LoggerOptions = {}): Logger {
  const state: SharedState = { level, bufferBytes, sink, now, lines: [], sizes: [], head: 0, bytes: 0 }
  return scoped(state, '')
}

function push(state: SharedState, text: string): void {
  let line = text
  let size = utf8Length(line)
  if (size > state.bufferBytes) {
    line = truncateToBytes(line, state.bufferBytes)
    size = utf8Length(line)
  }
  state.lines.push(line)
  state.sizes.push(size)
  state.bytes += size
  while (state.bytes > state.bufferBytes && state.head < state.lines.length) {
    state.bytes -= state.sizes[state.head] as number
    state.head++
  }
  // Compact once the dropped prefix dominates, so the arrays stay proportional to the buffer.
  if (state.head > 1024 && state.head * 2 > state.lines.length) {
    state.lines = state.lines.slice(state.head)
    state.sizes = state.sizes.slice(state.head)
    state.head = 0
  }
}

function scoped(state: SharedState, scope: string): Logger {
  function log(entryLevel: LogEntryLevel, message: string, data: unknown[]): void {
    if (rank[entryLevel] < rank[state.level]) return
    const time = state.now()
    const parts = [new Date(time).toISOString(), entryLevel.toUpperCase()]
    if (scope) parts.push(`[${scope}]`)
    parts.push(message)
    for (const item of data) parts.push(describe(item))
    const text = parts.join(' ')
    push(state, text)
    try {
      state.sink(text, { time, level: entryLevel, scope, message, data, text })
    } catch {
      // A broken sink must not break the caller; the entry is still in the buffer.
    }
  }

  return {
    debug: (message, ...data) => log('debug', message, data),
    info: (message, ...data) => log('info', message, data),
    warn: (message, ...data) => log('warn', message, data),
    error: (message, ...data) => log('error', message, data),
    getLevel: () => state.level,
    setLevel(next) {
      state.level = next
    },
    child: (childScope) => scoped(state, scope ? `${scope}:${childScope}` : childScope),
    getBuffer: () => state.lines.slice(state.head),
    clear() {
      state.lines = []
      state.sizes = []
      state.head = 0
      state.bytes = 0
    },
  }
}
