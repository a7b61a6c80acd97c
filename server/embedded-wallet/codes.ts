/**
 * Email codes in the database: issued with a 10-minute life and 3 attempts, checked and
 * used by one UPDATE each, so two instances answering tries of the same code at once still
 * count every try and let at most one succeed (PostgreSQL re-checks the row's attempts and
 * use after waiting for a concurrent update of it).
 */
import { randomUUID } from 'node:crypto'
import type { SqlClient } from '../db/sqlClient.js'
import { FrameServiceError } from './errors.js'
import { type CodeHasher, newCode } from './secrets.js'

/** How long a code (and a device-approval link) lives. */
export const CODE_TTL_SECONDS = 10 * 60
/** Tries per code; the next one, right or wrong, is refused. */
export const CODE_MAX_ATTEMPTS = 3

/** What a code is for: logging in, or each step of an email update. */
export type CodePurpose = 'login' | 'update-primary' | 'update-secondary'

/** What a code is bound to: a try must name the same project, purpose, address and device. */
export type CodeTarget = { projectId: string; purpose: CodePurpose; email: string; deviceId: string }

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Stores a new code for `target` (older unused ones for it stop counting: only the newest
 * is tried) and returns it in clear, to be mailed.
 *
 * @example
 * const code = await issueCode(sql, hashCode, Date.now(), { projectId, purpose: 'login', email, deviceId })
 */
export async function issueCode(
  sql: SqlClient,
  hashCode: CodeHasher,
  now: number,
  target: CodeTarget & { userId?: string; newEmail?: string },
): Promise<string> {
  const code = newCode()
  await sql.query(
    `INSERT INTO ew_codes (id, project_id, purpose, email, device_id, user_id, new_email, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz)`,
    [
      randomUUID(),
      target.projectId,
      target.purpose,
      target.email,
      target.deviceId,
      target.userId ?? null,
      target.newEmail ?? null,
      hashCode({ ...target, code }),
      iso(now),
      iso(now + CODE_TTL_SECONDS * 1000),
    ],
  )
  return code
}

/** The newest code of a target, as one subquery, so the check below is one statement. */
const NEWEST_CODE = `SELECT id FROM ew_codes
  WHERE project_id = $1 AND purpose = $2 AND email = $3 AND device_id = $4
  ORDER BY created_at DESC, id DESC LIMIT 1`

/**
 * Tries `code` against the newest code of `target`: one UPDATE counts the try and, when
 * it matches, marks the code used. Resolves with what the code carried (`userId`,
 * `newEmail`); throws a {@link FrameServiceError} saying why otherwise.
 *
 * @example
 * await verifyCode(sql, hashCode, Date.now(), { projectId, purpose: 'login', email, deviceId }, '042917')
 */
export async function verifyCode(
  sql: SqlClient,
  hashCode: CodeHasher,
  now: number,
  target: CodeTarget,
  code: string,
): Promise<{ userId: string | null; newEmail: string | null }> {
  const hash = hashCode({ ...target, code })
  const { rows } = await sql.query<{ matched: boolean; user_id: string | null; new_email: string | null }>(
    `UPDATE ew_codes SET
       attempts = attempts + 1,
       used_at = CASE WHEN code_hash = $5 THEN $6::timestamptz ELSE NULL END
     WHERE id = (${NEWEST_CODE})
       AND used_at IS NULL AND expires_at > $6::timestamptz AND attempts < $7
     RETURNING code_hash = $5 AS matched, user_id, new_email`,
    [target.projectId, target.purpose, target.email, target.deviceId, hash, iso(now), CODE_MAX_ATTEMPTS],
  )
  const row = rows[0]
  if (row?.matched) return { userId: row.user_id, newEmail: row.new_email }
  if (row) throw new FrameServiceError('INVALID_OTP')
  // Nothing updated: say why (only for the message; the UPDATE alone decided).
  const { rows: found } = await sql.query<{ used: boolean; expired: boolean; attempts: number }>(
    `SELECT used_at IS NOT NULL AS used, expires_at <= $5::timestamptz AS expired, attempts
     FROM ew_codes WHERE id = (${NEWEST_CODE})`,
    [target.projectId, target.purpose, target.email, target.deviceId, iso(now)],
  )
  const newest = found[0]
  if (!newest) throw new FrameServiceError('OTP_NOT_FOUND')
  if (newest.used) throw new FrameServiceError('OTP_USED')
  if (newest.attempts >= CODE_MAX_ATTEMPTS) throw new FrameServiceError('OTP_TOO_MANY_ATTEMPTS')
  throw new FrameServiceError('OTP_EXPIRED')
}

/**
 * The address the second code of an email update went to: the newest such code of this
 * user on this device; undefined when none was sent.
 *
 * @example
 * const newEmail = await secondaryCodeEmail(sql, { projectId, userId, deviceId })
 */
export async function secondaryCodeEmail(
  sql: SqlClient,
  of: { projectId: string; userId: string; deviceId: string },
): Promise<string | undefined> {
  const { rows } = await sql.query<{ email: string }>(
    `SELECT email FROM ew_codes WHERE project_id = $1 AND purpose = 'update-secondary' AND user_id = $2 AND device_id = $3
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    [of.projectId, of.userId, of.deviceId],
  )
  return rows[0]?.email
}
