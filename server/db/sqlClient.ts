/**
 * What a service asks of its database: one statement at a time, with positional
 * parameters. PGlite and a node-postgres `Pool` both answer it, so a service's SQL runs
 * unchanged on the embedded database and on a PostgreSQL server.
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

/** An open database and how to let go of it (a no-op for a client the caller owns). */
export interface Database {
  sql: SqlClient
  close(): Promise<void>
}

/**
 * Where a service keeps its state:
 * - a client you manage (a PGlite instance, a `pg.Pool`), left open on close;
 * - `{ url }`: a PostgreSQL server, e.g. `postgres://user:pass@db.internal:5432/latchkit`;
 * - `{ dataDir }`: the embedded database (PGlite) keeping its files there;
 * - `{}` or nothing: the embedded database in memory, gone when the process ends.
 */
export type DatabaseOption = SqlClient | { url: string } | { dataDir?: string }
