/**
 * Opens a service's database from its option: the embedded PostgreSQL (PGlite, in memory
 * or in a data dir) by default, a PostgreSQL server by URL, or a client the caller owns.
 * Several instances behind a load balancer share state only through a PostgreSQL server.
 */
import { openPglite } from './pgliteTemplate.js'
import { openPostgres } from './postgres.js'
import type { Database, DatabaseOption, SqlClient } from './sqlClient.js'

function isSqlClient(option: DatabaseOption): option is SqlClient {
  return typeof (option as SqlClient).query === 'function'
}

/**
 * @example
 * const memory = await openDatabase()
 * const onDisk = await openDatabase({ dataDir: './.data' })
 * const shared = await openDatabase({ url: process.env.DATABASE_URL })
 */
export async function openDatabase(option: DatabaseOption = {}): Promise<Database> {
  if (isSqlClient(option)) return { sql: option, close: async () => {} }
  if ('url' in option) return openPostgres(option.url)
  const pglite = await openPglite(option.dataDir === undefined ? {} : { dataDir: option.dataDir })
  return {
    sql: pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close()
    },
  }
}
