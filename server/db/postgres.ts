/**
 * A PostgreSQL server by connection URL, through node-postgres. Loaded only when a URL is
 * given, so a server on the embedded database never loads the driver.
 */
import type { Database } from './sqlClient.js'

/**
 * Opens a connection pool and checks that the server answers, so a wrong URL or password
 * fails at start-up rather than on the first request.
 *
 * @example
 * const db = await openPostgres('postgres://latchkit:secret@127.0.0.1:5432/latchkit')
 * await db.sql.query('select 1')
 * await db.close()
 */
export async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url })
  // An idle client that loses its server emits 'error' on the pool; unheard, it ends the process.
  pool.on('error', (error) => console.error('[latchkit db]', error.message))
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end()
    throw new Error(`cannot reach the PostgreSQL server at ${redactPassword(url)}`, { cause: error })
  }
  let closing: Promise<void> | undefined
  return {
    sql: {
      query: async <Row>(text: string, params?: unknown[]) => {
        const result = await pool.query(text, params)
        return { rows: result.rows as Row[] }
      },
    },
    close: () => {
      closing ??= pool.end()
      return closing
    },
  }
}

/** The URL as it may appear in a log: without its password. */
export function redactPassword(url: string): string {
  if (!URL.canParse(url)) return '(an unreadable URL)'
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
