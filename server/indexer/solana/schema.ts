/**
 * The Solana index's tables, made on open: PGlite by default, or a PostgreSQL server shared
 * by several API instances (one of them follows the chain at a time; all of them read).
 *
 * - `solana_index_state`: per chain, the cluster's genesis hash, the next slot to look at,
 *   the last block indexed and its fingerprint (to notice a chain that was replaced), and
 *   the lease of the instance that follows the chain.
 * - `solana_transactions`: each transaction that touched an indexed account, once.
 * - `solana_account_transactions`: one row per account a transaction moved funds for or
 *   was signed by, in chain order: what history pages over.
 * - `solana_transfers`: what each of those moved for that account.
 */
import { lockedSchema, openDatabaseWithSchema } from '../../db/openWithSchema.js'
import type { Database, DatabaseOption } from '../../db/sqlClient.js'

/** The advisory lock that lets one instance at a time make the tables (not the sign-in verifier's). */
const SCHEMA_LOCK = 4_735_917_311

const schema = lockedSchema(
  SCHEMA_LOCK,
  `  CREATE TABLE IF NOT EXISTS solana_index_state (
    chain_id text PRIMARY KEY,
    genesis_hash text NOT NULL,
    next_slot bigint NOT NULL,
    last_block_slot bigint,
    last_block_id text,
    leader text,
    lease_until timestamptz
  );
  CREATE TABLE IF NOT EXISTS solana_transactions (
    chain_id text NOT NULL,
    signature text NOT NULL,
    slot bigint NOT NULL,
    position integer NOT NULL,
    block_time timestamptz NOT NULL,
    fee_payer text NOT NULL,
    failed boolean NOT NULL,
    fee numeric(20, 0) NOT NULL,
    PRIMARY KEY (chain_id, signature)
  );
  CREATE TABLE IF NOT EXISTS solana_account_transactions (
    chain_id text NOT NULL,
    account text NOT NULL,
    slot bigint NOT NULL,
    position integer NOT NULL,
    signature text NOT NULL,
    operation_type text NOT NULL,
    to_address text NOT NULL,
    PRIMARY KEY (chain_id, account, slot, position)
  );
  CREATE TABLE IF NOT EXISTS solana_transfers (
    chain_id text NOT NULL,
    account text NOT NULL,
    signature text NOT NULL,
    ordinal integer NOT NULL,
    kind text NOT NULL,
    mint text,
    from_address text NOT NULL,
    to_address text NOT NULL,
    direction text NOT NULL,
    amount numeric(40, 0) NOT NULL,
    decimals integer NOT NULL,
    PRIMARY KEY (chain_id, account, signature, ordinal)
  );`,
)

/**
 * Opens (or adopts) the database and makes sure the index's tables exist.
 *
 * @example
 * const db = await openSolanaIndexDatabase({ url: process.env.DATABASE_URL })
 * await db.close()
 */
export async function openSolanaIndexDatabase(option: DatabaseOption = {}): Promise<Database> {
  return openDatabaseWithSchema(option, schema)
}
