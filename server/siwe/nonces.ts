import type { SqlClient } from '../db/sqlClient.js'
import { SiweVerifyError } from './errors.js'
import { newNonce } from './sessionToken.js'

/** How long a nonce may wait for its signature. */
export const NONCE_TTL_SECONDS = 5 * 60

/**
 * Issues a nonce that expires in {@link NONCE_TTL_SECONDS}. Clocks are the database's, so
 * every verifier instance agrees on what has expired.
 *
 * @example
 * const nonce = await issueNonce(db.sql)
 */
export async function issueNonce(sql: SqlClient): Promise<string> {
  const nonce = newNonce()
  await sql.query(
    `INSERT INTO siwe_nonces (nonce, expires_at) VALUES ($1, now() + $2 * interval '1 second')`,
    [nonce, NONCE_TTL_SECONDS],
  )
  // Housekeeping: unused nonces long past their expiry are of no use to anyone.
  await sql.query(`DELETE FROM siwe_nonces WHERE used_at IS NULL AND expires_at < now() - interval '1 hour'`)
  return nonce
}

/**
 * Why a nonce could not be consumed, asked after the atomic update found nothing (the
 * answer is only for the error message; the update alone decides).
 */
export async function explainUnusableNonce(sql: SqlClient, nonce: string): Promise<SiweVerifyError> {
  const { rows } = await sql.query<{ used: boolean; expired: boolean }>(
    'SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM siwe_nonces WHERE nonce = $1',
    [nonce],
  )
  const row = rows[0]
  if (!row) return new SiweVerifyError('nonce_unknown')
  return new SiweVerifyError(row.used ? 'nonce_used' : 'nonce_expired')
}
