/**
 * Device approvals: a known user logging in on a new device gets a mailed link instead of a
 * code; opening it approves the device (once, before it expires), and the frame waiting on
 * the new device sees that.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { CODE_TTL_SECONDS } from './codes.js'
import { hashToken, newToken } from './secrets.js'

export type DeviceApproval = {
  project_id: string
  user_id: string
  email: string
  device_id: string
  parent_origin: string
}

/**
 * Stores an approval for the device and returns its token (in clear, for the link; only its
 * hash is kept). It lives as long as a code.
 *
 * @example
 * const token = await createDeviceApproval(sql, Date.now(), { projectId, userId, email, deviceId, parentOrigin })
 */
export async function createDeviceApproval(
  sql: SqlClient,
  now: number,
  approval: { projectId: string; userId: string; email: string; deviceId: string; parentOrigin: string },
): Promise<string> {
  const token = newToken()
  await sql.query(
    `INSERT INTO ew_device_approvals (token_hash, project_id, user_id, email, device_id, parent_origin, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
    [
      hashToken(token),
      approval.projectId,
      approval.userId,
      approval.email,
      approval.deviceId,
      approval.parentOrigin,
      new Date(now).toISOString(),
      new Date(now + CODE_TTL_SECONDS * 1000).toISOString(),
    ],
  )
  return token
}

/**
 * Uses an approval link up: the approval, when the token is live and unused; else undefined.
 *
 * @example
 * const approval = await spendDeviceApproval(sql, token, new Date().toISOString())
 */
export async function spendDeviceApproval(
  sql: SqlClient,
  token: string,
  at: string,
): Promise<DeviceApproval | undefined> {
  const { rows } = await sql.query<DeviceApproval>(
    `UPDATE ew_device_approvals SET approved_at = $2::timestamptz
           WHERE token_hash = $1 AND approved_at IS NULL AND expires_at > $2::timestamptz
           RETURNING project_id, user_id, email, device_id, parent_origin`,
    [hashToken(token), at],
  )
  return rows[0]
}

/**
 * Whether the device was approved for this email within the life of a code.
 *
 * @example
 * if (await deviceApproved(sql, Date.now(), { projectId, email, deviceId })) return c.json({ approved: true })
 */
export async function deviceApproved(
  sql: SqlClient,
  now: number,
  of: { projectId: string; email: string; deviceId: string },
): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM ew_device_approvals
         WHERE project_id = $1 AND email = $2 AND device_id = $3
           AND approved_at IS NOT NULL AND approved_at > $4::timestamptz
         LIMIT 1`,
    [of.projectId, of.email, of.deviceId, new Date(now - CODE_TTL_SECONDS * 1000).toISOString()],
  )
  return rows.length > 0
}
