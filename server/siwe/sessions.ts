import type { SqlClient } from '../db/sqlClient.js'
import { explainUnusableNonce } from './nonces.js'
import { hashSessionToken, newSessionToken } from './sessionToken.js'

/** What the verifier tells a client about a session (never the token's hash). */
export type SessionRecord = {
  address: string
  chainId: number
  domain: string
  issuedAt: string
  expirationTime: string
}

type SessionRow = {
  address: string
  chain_id: string | number
  domain: string
  issued_at: Date | string
  expires_at: Date | string
}

const toIso = (value: Date | string) => new Date(value).toISOString()

function toRecord(row: SessionRow): SessionRecord {
  return {
    address: row.address,
    chainId: Number(row.chain_id),
    domain: row.domain,
    issuedAt: toIso(row.issued_at),
    expirationTime: toIso(row.expires_at),
  }
}

export type CreateSessionParameters = {
  nonce: string
  address: string
  chainId: number
  domain: string
  message: string
  signature: string
  /** The message's own Expiration Time, if it has one. */
  expiresAt?: Date
  /** The longest a session lives. */
  maxAgeSeconds: number
}

/**
 * Consumes the nonce and creates the session in one statement: the UPDATE only matches a
 * nonce that is unused and unexpired, and the INSERT only happens for the row it returned.
 * Two requests racing with the same signed message (on one instance or on ten sharing the
 * database) cannot both win: PostgreSQL row locking lets one update through.
 *
 * @example
 * const { token, session } = await consumeNonceAndCreateSession(sql, { nonce, address, ... })
 */
export async function consumeNonceAndCreateSession(
  sql: SqlClient,
  params: CreateSessionParameters,
): Promise<{ token: string; session: SessionRecord }> {
  const token = newSessionToken()
  const { rows } = await sql.query<SessionRow>(
    `WITH used AS (
       UPDATE siwe_nonces SET used_at = now()
       WHERE nonce = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING nonce
     )
     INSERT INTO siwe_sessions (token_hash, nonce, address, chain_id, domain, message, signature, expires_at)
     SELECT $2, used.nonce, $3, $4, $5, $6, $7,
            LEAST($8::timestamptz, now() + $9 * interval '1 second')
     FROM used
     RETURNING address, chain_id, domain, issued_at, expires_at`,
    [
      params.nonce,
      hashSessionToken(token),
      params.address,
      params.chainId,
      params.domain,
      params.message,
      params.signature,
      params.expiresAt?.toISOString() ?? null,
      params.maxAgeSeconds,
    ],
  )
  const row = rows[0]
  if (!row) throw await explainUnusableNonce(sql, params.nonce)
  return { token, session: toRecord(row) }
}

/** The live (unrevoked, unexpired) session of a token, if any. */
export async function findSession(sql: SqlClient, token: string): Promise<SessionRecord | undefined> {
  const { rows } = await sql.query<SessionRow>(
    `SELECT address, chain_id, domain, issued_at, expires_at FROM siwe_sessions
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashSessionToken(token)],
  )
  return rows[0] ? toRecord(rows[0]) : undefined
}

/** Revokes a token's session; false when there was no live one. */
export async function revokeSession(sql: SqlClient, token: string): Promise<boolean> {
  const { rows } = await sql.query(
    'UPDATE siwe_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING 1',
    [hashSessionToken(token)],
  )
  return rows.length > 0
}
