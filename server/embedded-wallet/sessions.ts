/**
 * Login sessions: a random token handed to the frame once, only its SHA-256 kept. A
 * session is bound to the project, the device and the page origin it was made for, lives
 * {@link SESSION_TTL_SECONDS}, and is "fresh" for {@link FRESH_SESSION_SECONDS} after its
 * code was verified. Any live session reads its own device's auth share (so a reload
 * reconnects without a code); only a fresh one reads the recovery material, stores a new
 * device's share or creates the wallet.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { hashToken, newToken } from './secrets.js'

/** How long a session lives. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600
/** How long after its code a session may recover, add a device or create the wallet. */
export const FRESH_SESSION_SECONDS = 10 * 60

export type Session = {
  userId: string
  /** The login email; null for a user who logs in only with a social account. */
  email: string | null
  projectId: string
  deviceId: string
  parentOrigin: string
  verifiedAt: number
}

/**
 * @example
 * const token = await createSession(sql, Date.now(), { userId, projectId, deviceId, parentOrigin })
 */
export async function createSession(
  sql: SqlClient,
  now: number,
  bound: { userId: string; projectId: string; deviceId: string; parentOrigin: string },
): Promise<string> {
  const token = newToken()
  await sql.query(
    `INSERT INTO ew_sessions (token_hash, user_id, project_id, device_id, parent_origin, verified_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)`,
    [
      hashToken(token),
      bound.userId,
      bound.projectId,
      bound.deviceId,
      bound.parentOrigin,
      new Date(now).toISOString(),
      new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
    ],
  )
  return token
}

/** The live session of a token, with its user's current email; undefined when none. */
export async function findSession(sql: SqlClient, now: number, token: string): Promise<Session | undefined> {
  const { rows } = await sql.query<{
    user_id: string
    email: string | null
    project_id: string
    device_id: string
    parent_origin: string
    verified_at: Date | string
  }>(
    `SELECT s.user_id, u.email, s.project_id, s.device_id, s.parent_origin, s.verified_at
     FROM ew_sessions s JOIN ew_users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2::timestamptz`,
    [hashToken(token), new Date(now).toISOString()],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    userId: row.user_id,
    email: row.email,
    projectId: row.project_id,
    deviceId: row.device_id,
    parentOrigin: row.parent_origin,
    verifiedAt: new Date(row.verified_at).getTime(),
  }
}

/** Ends a session; true when it was live. */
export async function revokeSession(sql: SqlClient, now: number, token: string): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE ew_sessions SET revoked_at = $2::timestamptz WHERE token_hash = $1 AND revoked_at IS NULL RETURNING 1`,
    [hashToken(token), new Date(now).toISOString()],
  )
  return rows.length > 0
}

/** The token of an `Authorization: Bearer <token>` header, when it has that form. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{32,128})$/)?.[1]
}
