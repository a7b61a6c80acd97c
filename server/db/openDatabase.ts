/**
 * Opens a service's database from its option: the embedded PostgreSQL (PGlite, in memory
 * or in a data dir) by default, a PostgreSQL server by URL, or a client the caller owns.
 * Several instances behind a load balancer share state only through a PostgreSQL server.
 * Each kind is loaded only when asked for, so a server on one never loads the others.
 */
import { openPostgres } from './postgres.js'
import type { Database, DatabaseOption, SqlClient } from './sqlClient.js'

function isSqlClient(option: DatabaseOption): option is SqlClient {
  return typeof (option as SqlClient).query === 'function'
}

export type OpenDatabaseHow = {
  /**
   * Run the embedded database on a worker thread (`latchkit-server` does): its start and
   * its statements then leave the calling thread free to answer requests. Default false:
   * in this thread, as a PGlite instance.
   */
  pgliteInWorker?: boolean
}

/**
 * @example
 * const memory = await openDatabase()
 * const onDisk = await openDatabase({ dataDir: './.data' }, { pgliteInWorker: true })
 * const shared = await openDatabase({ url: process.env.DATABASE_URL })
 */
export async function openDatabase(
  option: DatabaseOption = {},
  how: OpenDatabaseHow = {},
): Promise<Database> {
  if (isSqlClient(option)) return { sql: option, close: async () => {} }
  if ('url' in option) return openPostgres(option.url)
  const where = option.dataDir === undefined ? {} : { dataDir: option.dataDir }
  if (how.pgliteInWorker) {
    const { openPgliteInWorker } = await import('./pgliteInWorker.js')
    return openPgliteInWorker(where)
  }
  const { openPglite } = await import('./pgliteTemplate.js')
  const pglite = await openPglite(where)
  return {
    sql: pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close()
    },
  }
}
