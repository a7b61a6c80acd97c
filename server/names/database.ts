/**
 * The names service's tables. Plain SQL on PostgreSQL: the embedded database by default,
 * or a PostgreSQL server shared by several instances. What must hold across instances is
 * enforced here: a name is registered once (its primary key), and the operator's
 * transaction nonces are handed out once (a row per chain, bumped in one statement).
 */
import { lockedSchema, openDatabaseWithSchema } from '../db/openWithSchema.js'
import type { Database, DatabaseOption } from '../db/sqlClient.js'

/** Any number the instances agree on: the advisory lock that lets one at a time make the tables. */
const SCHEMA_LOCK = 4_735_917_319

const schema = lockedSchema(
  SCHEMA_LOCK,
  `  CREATE TABLE IF NOT EXISTS names (
    name text PRIMARY KEY,
    address text NOT NULL,
    coin_type bigint NOT NULL,
    attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
    message text NOT NULL,
    signature text NOT NULL,
    registered_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS names_address ON names (address);
  CREATE TABLE IF NOT EXISTS names_operator_nonces (
    chain_id bigint PRIMARY KEY,
    next_nonce bigint NOT NULL
  );`,
)

/**
 * Opens (or adopts) the database and makes sure the tables exist.
 *
 * @example
 * const db = await openNamesDatabase({ url: process.env.DATABASE_URL })
 */
export async function openNamesDatabase(option: DatabaseOption = {}): Promise<Database> {
  return openDatabaseWithSchema(option, schema)
}
