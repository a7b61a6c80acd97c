/**
 * How each stateful service makes its tables: every statement in one `DO` block, so one
 * transaction, under a transaction-scoped advisory lock. `CREATE TABLE IF NOT EXISTS`
 * alone is not safe when two instances start at once on an empty PostgreSQL: both see no
 * table and the second fails on the catalog (`duplicate key value violates unique
 * constraint "pg_type_typname_nsp_index"`). The lock makes the second wait for the first
 * and then find the tables. One statement also suits PGlite, whose `query` runs one.
 */
import { openDatabase } from './openDatabase.js'
import type { Database, DatabaseOption } from './sqlClient.js'

/**
 * The schema statement: `statements` (plain SQL, each ending in `;`) run under the
 * advisory lock `lock`, a number every instance of one service agrees on and no other
 * service uses.
 *
 * @example
 * const schema = lockedSchema(4_735_917_319, 'CREATE TABLE IF NOT EXISTS names (name text PRIMARY KEY);')
 */
export function lockedSchema(lock: number, statements: string): string {
  return `DO $schema$
BEGIN
  PERFORM pg_advisory_xact_lock(${lock});
${statements}
END
$schema$`
}

/**
 * Opens (or adopts) the database and runs `schema` (from {@link lockedSchema}); a
 * database it opened is closed again when the schema fails.
 *
 * @example
 * const db = await openDatabaseWithSchema({ url: process.env.DATABASE_URL }, schema)
 */
export async function openDatabaseWithSchema(option: DatabaseOption, schema: string): Promise<Database> {
  const db = await openDatabase(option)
  try {
    await db.sql.query(schema)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
