/**
 * Email users and their approved devices: a user is keyed by project and login email; a
 * device the user logged in on (or approved by the mailed link) logs in with a code alone.
 */
import { randomUUID } from 'node:crypto'
import type { SqlClient } from '../db/sqlClient.js'
import { FrameServiceError } from './errors.js'

/**
 * The user of a login email, and whether `deviceId` is one of theirs; undefined for a new address.
 *
 * @example
 * const user = await findEmailUser(sql, { projectId, email, deviceId })
 * if (user && !user.known) await mailDeviceLink()
 */
export async function findEmailUser(
  sql: SqlClient,
  of: { projectId: string; email: string; deviceId: string },
): Promise<{ id: string; known: boolean } | undefined> {
  const { rows } = await sql.query<{ id: string; known: boolean }>(
    `SELECT u.id, EXISTS (SELECT 1 FROM ew_devices d WHERE d.user_id = u.id AND d.device_id = $3) AS known
       FROM ew_users u WHERE u.project_id = $1 AND u.email = $2`,
    [of.projectId, of.email, of.deviceId],
  )
  return rows[0]
}

/**
 * The id of the user of a login email, made when new (two first logins at once end with one user).
 *
 * @example
 * const userId = await emailUser(sql, { projectId, email, createdAt: new Date().toISOString() })
 */
export async function emailUser(
  sql: SqlClient,
  user: { projectId: string; email: string; createdAt: string },
): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO ew_users (id, project_id, email, created_at) VALUES ($1, $2, $3, $4::timestamptz)
       ON CONFLICT (project_id, email) DO UPDATE SET email = EXCLUDED.email
       RETURNING id`,
    [randomUUID(), user.projectId, user.email, user.createdAt],
  )
  return (rows[0] as { id: string }).id
}

/**
 * Records a device as the user's (kept as it was when already known).
 *
 * @example
 * await approveDevice(sql, { userId, deviceId, approvedAt: new Date().toISOString() })
 */
export async function approveDevice(
  sql: SqlClient,
  device: { userId: string; deviceId: string; approvedAt: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO ew_devices (user_id, device_id, approved_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (user_id, device_id) DO NOTHING`,
    [device.userId, device.deviceId, device.approvedAt],
  )
}

/**
 * Whether a user of the project logs in with this email.
 *
 * @example
 * if (await emailInUse(sql, projectId, newEmail)) throw new FrameServiceError('EMAIL_TAKEN')
 */
export async function emailInUse(sql: SqlClient, projectId: string, email: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM ew_users WHERE project_id = $1 AND email = $2', [
    projectId,
    email,
  ])
  return rows.length > 0
}

/**
 * Changes a user's login email; `EMAIL_TAKEN` when another user took it meanwhile.
 *
 * @example
 * await changeLoginEmail(sql, session.userId, newEmail)
 */
export async function changeLoginEmail(sql: SqlClient, userId: string, email: string): Promise<void> {
  try {
    await sql.query('UPDATE ew_users SET email = $2 WHERE id = $1', [userId, email])
  } catch (error) {
    // Another user took the address between the start and now.
    if ((error as { code?: string }).code === '23505') throw new FrameServiceError('EMAIL_TAKEN')
    throw error
  }
}
