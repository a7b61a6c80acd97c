/**
 * The verifier's tables, made on open. Plain SQL on PostgreSQL: the embedded database by
 * default, or a PostgreSQL server shared by several verifier instances behind a load
 * balancer. Everything that must hold across instances (a nonce used once) is enforced
 * here, by the database, never in process memory.
 */
import { lockedSchema, openDatabaseWithSchema } from '../db/openWithSchema.js'
import type { Database, DatabaseOption } from '../db/sqlClient.js'

/** An open database of the verifier (see {@link openSiweDatabase}). */
export type SiweDatabase = Database

/** Where the verifier keeps nonces and sessions; see `DatabaseOption`. */
export type SiweDatabaseOption = DatabaseOption

/**
 * Any number the verifier's instances agree on: the key of the advisory lock that lets one
 * instance at a time make the tables.
 */
const SCHEMA_LOCK = 4_735_917_201

const schema = lockedSchema(
  SCHEMA_LOCK,
  `  CREATE TABLE IF NOT EXISTS siwe_nonces (
    nonce text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS siwe_sessions (
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
  );
  CREATE INDEX IF NOT EXISTS siwe_nonces_expires_at ON siwe_nonces (expires_at);`,
)

/**
 * Opens (or adopts) the database and makes sure the tables exist.
 *
 * @example
 * const db = await openSiweDatabase({ dataDir: './.data/siwe' })
 * await db.close()
 */
export async function openSiweDatabase(option: SiweDatabaseOption = {}): Promise<SiweDatabase> {
  return openDatabaseWithSchema(option, schema)
}
