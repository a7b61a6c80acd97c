/**
 * Social and Farcaster identities: an account at an issuer (its subject), bound to one user
 * of the project. An identity is never joined to a user for having the same email: it is
 * either found, linked to the user who chose to link it, or made with a user of its own.
 */
import { randomUUID } from 'node:crypto'
import type { SqlClient } from '../db/sqlClient.js'
import { FrameServiceError } from './errors.js'
import type { SocialProfile } from './social.js'

/** The flow an identity logs in through: its project, provider and the user to link to (or null). */
export type IdentityFlow = { project_id: string; provider: string; link_user_id: string | null }

/**
 * The user of an identity: found, linked to the flow's user, or made; throws
 * `IDENTITY_TAKEN` when the flow links to a user and the identity is another user's.
 *
 * @example
 * const userId = await userForIdentity(sql, Date.now(), flow, provider.issuer, profile)
 */
export async function userForIdentity(
  sql: SqlClient,
  now: number,
  flow: IdentityFlow,
  issuer: string,
  profile: SocialProfile,
): Promise<string> {
  const at = new Date(now).toISOString()
  const key = [flow.project_id, issuer, profile.subject]
  const existing = async () => {
    const { rows } = await sql.query<{ user_id: string }>(
      'SELECT user_id FROM ew_identities WHERE project_id = $1 AND issuer = $2 AND subject = $3',
      key,
    )
    return rows[0]?.user_id
  }
  const insertValues = [
    ...key,
    flow.provider,
    profile.email ?? null,
    profile.emailVerified,
    profile.name ?? null,
    at,
  ]
  let userId = await existing()
  if (userId === undefined && flow.link_user_id !== null) {
    const { rows } = await sql.query<{ user_id: string }>(
      `INSERT INTO ew_identities (project_id, issuer, subject, provider, email, email_verified, name, created_at, last_login_at, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $8::timestamptz, $9)
         ON CONFLICT (project_id, issuer, subject) DO NOTHING RETURNING user_id`,
      [...insertValues, flow.link_user_id],
    )
    userId = rows[0]?.user_id ?? (await existing())
  } else if (userId === undefined) {
    // One statement makes the identity and, only when the identity is new, its user:
    // two first logins of one person at once end with one user.
    const { rows } = await sql.query<{ id: string }>(
      `WITH identity AS (
           INSERT INTO ew_identities (project_id, issuer, subject, provider, email, email_verified, name, created_at, last_login_at, user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $8::timestamptz, $9)
           ON CONFLICT (project_id, issuer, subject) DO NOTHING RETURNING user_id
         )
         INSERT INTO ew_users (id, project_id, email, created_at)
         SELECT user_id, $1, NULL, $8::timestamptz FROM identity RETURNING id`,
      [...insertValues, randomUUID()],
    )
    userId = rows[0]?.id ?? (await existing())
  }
  if (userId === undefined) throw new Error('frame service: an identity vanished while it was read')
  if (flow.link_user_id !== null && userId !== flow.link_user_id)
    throw new FrameServiceError('IDENTITY_TAKEN')
  // What the provider says of the person now (kept for display: nothing is decided by it).
  await sql.query(
    `UPDATE ew_identities SET email = $4, email_verified = $5, name = $6, last_login_at = $7::timestamptz
       WHERE project_id = $1 AND issuer = $2 AND subject = $3`,
    [...key, profile.email ?? null, profile.emailVerified, profile.name ?? null, at],
  )
  return userId
}
