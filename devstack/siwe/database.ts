/**
 * The verifier's storage: plain SQL against PostgreSQL. Embedded by default (PGlite: real
 * PostgreSQL in process, no setup). Several verifier instances behind a load balancer
 * share one PostgreSQL server instead: pass a `pg.Pool`, whose `query` has this shape.
 * Everything that must hold across instances (a nonce used once) is enforced here, by
 * the database, never in process memory.
 */
import { openPglite } from './pgliteTemplate.js'

/** The one method the verifier needs; PGlite and `pg.Pool` both have it. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

/** An open database and how to let go of it (a no-op for a client the caller owns). */
export interface SiweDatabase {
  sql: SqlClient
  close(): Promise<void>
}

/**
 * Either a client you manage (a PGlite instance, a `pg.Pool`), or where the embedded
 * database keeps its files (`{ dataDir }`; in memory when omitted).
 */
export type SiweDatabaseOption = SqlClient | { dataDir?: string }

// One statement per entry: PGlite's `query` runs a single statement at a time.
const schema = [
  `CREATE TABLE IF NOT EXISTS siwe_nonces (
    nonce text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE TABLE IF NOT EXISTS siwe_sessions (
    token_hash text PRIMARY KEY,
    nonce text NOT NULL UNIQUE REFERENCES siwe_nonces (nonce),
    address text NOT NULL,
    chain_id bigint NOT NULL,
    domain text NOT NULL,
    message text NOT NULL,
    signature text NOT NULL,
    issued_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
  )`,
  'CREATE INDEX IF NOT EXISTS siwe_nonces_expires_at ON siwe_nonces (expires_at)',
]

function isSqlClient(option: SiweDatabaseOption): option is SqlClient {
  return typeof (option as SqlClient).query === 'function'
}

/**
 * Opens (or adopts) the database and makes sure the tables exist.
 *
 * @example
 * const db = await openSiweDatabase({ dataDir: './.data/siwe' })
 * await db.close()
 */
export async function openSiweDatabase(option: SiweDatabaseOption = {}): Promise<SiweDatabase> {
  const owned = !isSqlClient(option)
  const pglite = owned ? await openPglite(option) : undefined
  const sql: SqlClient = pglite ?? (option as SqlClient)
  try {
    for (const statement of schema) await sql.query(statement)
  } catch (error) {
    await pglite?.close()
    throw error
  }
  return {
    sql,
    close: async () => {
      if (pglite && !pglite.closed) await pglite.close()
    },
  }
}
