/**
 * The server's log: one JSON object per line on stdout (`time`, `level`, `msg`, then the
 * fields), so a log shipper (journald, Docker, Loki, CloudWatch) reads each event whole
 * without a parser of our own format.
 */

export type LogFields = Record<string, unknown>

export type ServerLog = {
  info(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

/** An Error as its message (and code, when it has one): a stack is for a debugger, not a log line. */
function plain(value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code
    return { message: value.message, ...(typeof code === 'string' && { code }) }
  }
  return typeof value === 'bigint' ? value.toString() : value
}

/**
 * @example
 * const log = jsonLog()
 * log.info('ready', { url: 'http://127.0.0.1:8787', ms: 812 })
 * // {"time":"2025-01-01T00:00:00.000Z","level":"info","msg":"ready","url":"http://127.0.0.1:8787","ms":812}
 */
export function jsonLog(write: (line: string) => void = (line) => process.stdout.write(line)): ServerLog {
  const emit = (level: 'info' | 'error', msg: string, fields: LogFields = {}) => {
    const entry: LogFields = { time: new Date().toISOString(), level, msg }
    for (const [key, value] of Object.entries(fields)) entry[key] = plain(value)
    write(`${JSON.stringify(entry)}\n`)
  }
  return {
    info: (msg, fields) => emit('info', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  }
}

/** A log that drops everything: what `startServer` uses when given none. */
export const silentLog: ServerLog = { info: () => {}, error: () => {} }
