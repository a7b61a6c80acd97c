/**
 * The index's SQL. Each write is one statement, so it is one transaction on PGlite and on a
 * pooled PostgreSQL connection alike (a `BEGIN` sent through a pool could land on another
 * connection than the `COMMIT`): a block's transactions, account rows, transfers and the
 * new position of the follower are stored together or not at all. Primary keys with
 * `ON CONFLICT DO NOTHING` make writing a block twice (a restart, a lease handed over
 * mid-block) change nothing.
 */
import type { SqlClient } from '../../db/sqlClient.js'
import type { BlockActivity } from './deriveActivity.js'

/** Where the follower of one chain stands. */
export type IndexState = {
  genesisHash: string
  nextSlot: bigint
  lastBlockSlot: bigint | null
  lastBlockId: string | null
}

type StateRow = {
  genesis_hash: string
  next_slot: string
  last_block_slot: string | null
  last_block_id: string | null
}

const stateOf = (row: StateRow): IndexState => ({
  genesisHash: row.genesis_hash,
  nextSlot: BigInt(row.next_slot),
  lastBlockSlot: row.last_block_slot === null ? null : BigInt(row.last_block_slot),
  lastBlockId: row.last_block_id,
})

const STATE_COLUMNS = 'genesis_hash, next_slot::text, last_block_slot::text, last_block_id'

/**
 * The index's statements for one chain.
 *
 * @example
 * const store = solanaIndexStore(db.sql, 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')
 * const state = await store.lead('instance-a', 10, { genesisHash, nextSlot: 0n })
 */
export function solanaIndexStore(sql: SqlClient, chainId: string) {
  return {
    /**
     * Takes or renews the lease of following this chain for `leaseSeconds`, making the
     * chain's row on first use; the state when this instance holds the lease, null when
     * another instance does.
     */
    async lead(
      instance: string,
      leaseSeconds: number,
      initial: { genesisHash: string; nextSlot: bigint },
    ): Promise<IndexState | null> {
      const { rows } = await sql.query<StateRow>(
        `WITH made AS (
           INSERT INTO solana_index_state (chain_id, genesis_hash, next_slot, leader, lease_until)
           VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
           ON CONFLICT (chain_id) DO NOTHING
           RETURNING ${STATE_COLUMNS}
         ), led AS (
           UPDATE solana_index_state SET leader = $4, lease_until = now() + make_interval(secs => $5)
           WHERE chain_id = $1 AND (leader IS NULL OR leader = $4 OR lease_until < now())
           RETURNING ${STATE_COLUMNS}
         )
         SELECT * FROM led UNION ALL SELECT * FROM made WHERE NOT EXISTS (SELECT 1 FROM led)`,
        [chainId, initial.genesisHash, initial.nextSlot.toString(), instance, leaseSeconds],
      )
      // The UPDATE does not see a row the same statement made; the INSERT leased it already.
      const [row] = rows
      return row ? stateOf(row) : null
    },

    /** Gives the lease up, so another instance follows the chain at once. */
    async release(instance: string): Promise<void> {
      await sql.query(
        'UPDATE solana_index_state SET leader = NULL, lease_until = NULL WHERE chain_id = $1 AND leader = $2',
        [chainId, instance],
      )
    },

    /** Forgets everything indexed for this chain: it now names another cluster, or a new ledger. */
    async reset(genesisHash: string, nextSlot: bigint): Promise<void> {
      await sql.query(
        `WITH transfers AS (DELETE FROM solana_transfers WHERE chain_id = $1),
              accounts AS (DELETE FROM solana_account_transactions WHERE chain_id = $1),
              transactions AS (DELETE FROM solana_transactions WHERE chain_id = $1)
         UPDATE solana_index_state
         SET genesis_hash = $2, next_slot = $3, last_block_slot = NULL, last_block_id = NULL
         WHERE chain_id = $1`,
        [chainId, genesisHash, nextSlot.toString()],
      )
    },

    /** Moves past slots that hold no block (skipped, or a range with none). */
    async skipTo(genesisHash: string, nextSlot: bigint): Promise<void> {
      await sql.query(
        `UPDATE solana_index_state SET next_slot = GREATEST(next_slot, $3)
         WHERE chain_id = $1 AND genesis_hash = $2`,
        [chainId, genesisHash, nextSlot.toString()],
      )
    },

    /**
     * Stores one block's rows and moves the follower past it, in one statement; nothing is
     * written when the chain's row names another genesis by now.
     */
    async writeBlock(
      genesisHash: string,
      block: { slot: bigint; id: string },
      activity: BlockActivity,
    ): Promise<void> {
      await sql.query(
        `WITH current AS (
           SELECT 1 FROM solana_index_state WHERE chain_id = $1 AND genesis_hash = $2
         ), transactions AS (
           INSERT INTO solana_transactions (chain_id, signature, slot, position, block_time, fee_payer, failed, fee)
           SELECT $1, r.signature, r.slot, r.position, r.block_time, r.fee_payer, r.failed, r.fee
           FROM jsonb_to_recordset($3::jsonb) AS r(signature text, slot bigint, position integer,
             block_time timestamptz, fee_payer text, failed boolean, fee numeric)
           WHERE EXISTS (SELECT 1 FROM current)
           ON CONFLICT DO NOTHING
         ), accounts AS (
           INSERT INTO solana_account_transactions (chain_id, account, slot, position, signature, operation_type, to_address)
           SELECT $1, r.account, r.slot, r.position, r.signature, r.operation_type, r.to_address
           FROM jsonb_to_recordset($4::jsonb) AS r(account text, slot bigint, position integer,
             signature text, operation_type text, to_address text)
           WHERE EXISTS (SELECT 1 FROM current)
           ON CONFLICT DO NOTHING
         ), transfers AS (
           INSERT INTO solana_transfers (chain_id, account, signature, ordinal, kind, mint, from_address, to_address, direction, amount, decimals)
           SELECT $1, r.account, r.signature, r.ordinal, r.kind, r.mint, r.from_address, r.to_address, r.direction, r.amount, r.decimals
           FROM jsonb_to_recordset($5::jsonb) AS r(account text, signature text, ordinal integer, kind text,
             mint text, from_address text, to_address text, direction text, amount numeric, decimals integer)
           WHERE EXISTS (SELECT 1 FROM current)
           ON CONFLICT DO NOTHING
         )
         UPDATE solana_index_state
         SET next_slot = GREATEST(next_slot, $6::bigint + 1),
             last_block_id = CASE WHEN last_block_slot IS NULL OR last_block_slot <= $6::bigint THEN $7 ELSE last_block_id END,
             last_block_slot = GREATEST(last_block_slot, $6::bigint)
         WHERE chain_id = $1 AND genesis_hash = $2`,
        [
          chainId,
          genesisHash,
          JSON.stringify(activity.transactions),
          JSON.stringify(activity.accounts),
          JSON.stringify(activity.transfers),
          block.slot.toString(),
          block.id,
        ],
      )
    },
  }
}

export type SolanaIndexStore = ReturnType<typeof solanaIndexStore>
