/**
 * Nonces for the operator key that several service instances share. Each registration
 * takes a run of consecutive nonces in one statement, so two instances never send two
 * transactions with one nonce. The chain's own count is the floor: after a restart, or
 * when the key also sent elsewhere, numbering continues from what the chain has seen.
 */
import type { SqlClient } from '../db/sqlClient.js'

/**
 * Reserves `count` nonces of the operator on `chainId`, the chain having seen
 * `chainCount` transactions from it (its pending count). Returns the first.
 *
 * @example
 * const first = await reserveNonces(db.sql, 1, await client.getTransactionCount({ address, blockTag: 'pending' }), 3)
 */
export async function reserveNonces(
  sql: SqlClient,
  chainId: number,
  chainCount: number,
  count: number,
): Promise<number> {
  const { rows } = await sql.query<{ first: string | number }>(
    `INSERT INTO names_operator_nonces (chain_id, next_nonce) VALUES ($1, $2::bigint + $3::bigint)
     ON CONFLICT (chain_id) DO UPDATE
       SET next_nonce = GREATEST(names_operator_nonces.next_nonce, $2::bigint) + $3::bigint
     RETURNING next_nonce - $3::bigint AS first`,
    [chainId, chainCount, count],
  )
  return Number(rows[0]?.first)
}
