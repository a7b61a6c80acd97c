/**
 * Farcaster login flows as stored: a flow is keyed by the hash of an opaque id handed to
 * the frame, bound to the project, device and app origin, and holds the relay's channel
 * token (which never leaves the service) and the hash of the nonce made for it.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { hashToken } from './secrets.js'

/** How long a Farcaster login may take from start to finish. */
export const FARCASTER_FLOW_TTL_SECONDS = 10 * 60

/** A flow as its finish reads it. */
export type FarcasterFlow = {
  parent_origin: string
  domain: string
  channel_token: string
  nonce_hash: string
  expired: boolean
  used: boolean
}

/**
 * @example
 * await storeFarcasterFlow(sql, { channelId, projectId, deviceId, parentOrigin, domain, channelToken, nonce, createdAt, expiresAt })
 */
export async function storeFarcasterFlow(
  sql: SqlClient,
  flow: {
    channelId: string
    projectId: string
    deviceId: string
    parentOrigin: string
    domain: string
    channelToken: string
    nonce: string
    createdAt: string
    expiresAt: string
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO ew_farcaster_flows (id_hash, project_id, device_id, parent_origin, domain, channel_token, nonce_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      hashToken(flow.channelId),
      flow.projectId,
      flow.deviceId,
      flow.parentOrigin,
      flow.domain,
      flow.channelToken,
      hashToken(flow.nonce),
      flow.createdAt,
      flow.expiresAt,
    ],
  )
}

/**
 * The flow of this id, project and device (another device's is not found), and whether it
 * expired or was used.
 *
 * @example
 * const flow = await findFarcasterFlow(sql, Date.now(), { idHash, projectId, deviceId })
 */
export async function findFarcasterFlow(
  sql: SqlClient,
  now: number,
  of: { idHash: string; projectId: string; deviceId: string },
): Promise<FarcasterFlow | undefined> {
  const { rows } = await sql.query<FarcasterFlow>(
    `SELECT parent_origin, domain, channel_token, nonce_hash,
              expires_at <= $4::timestamptz AS expired, used_at IS NOT NULL AS used
       FROM ew_farcaster_flows WHERE id_hash = $1 AND project_id = $2 AND device_id = $3`,
    [of.idHash, of.projectId, of.deviceId, new Date(now).toISOString()],
  )
  return rows[0]
}

/**
 * Uses the flow up; false when it was used or expired meanwhile (one finish wins).
 *
 * @example
 * if (!(await spendFarcasterFlow(sql, idHash, at))) throw new FrameServiceError('FARCASTER_FLOW_INVALID')
 */
export async function spendFarcasterFlow(sql: SqlClient, idHash: string, at: string): Promise<boolean> {
  const used = await sql.query(
    `UPDATE ew_farcaster_flows SET used_at = $2::timestamptz
       WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING 1`,
    [idHash, at],
  )
  return used.rows.length > 0
}

/**
 * @example
 * await recordFarcasterUser(sql, idHash, userId)
 */
export async function recordFarcasterUser(sql: SqlClient, idHash: string, userId: string): Promise<void> {
  await sql.query('UPDATE ew_farcaster_flows SET user_id = $2 WHERE id_hash = $1', [idHash, userId])
}
