/**
 * Social login flows as stored: a flow is keyed by the hash of its state, bound to the
 * project, provider, device and app origin; the provider's callback uses the state up, and
 * leaves a one-time result the frame trades for a session.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { hashToken } from './secrets.js'
import { SOCIAL_STATE_TTL_SECONDS } from './social.js'

/** A flow as its callback reads it. */
export type CalledBackFlow = {
  project_id: string
  provider: string
  device_id: string
  parent_origin: string
  redirect_uri: string
  link_user_id: string | null
}

/**
 * Stores a new flow under its state; it lives {@link SOCIAL_STATE_TTL_SECONDS}.
 *
 * @example
 * await storeSocialFlow(sql, Date.now(), { state, projectId, provider: 'google', deviceId, parentOrigin, redirectUri, linkUserId: null })
 */
export async function storeSocialFlow(
  sql: SqlClient,
  now: number,
  flow: {
    state: string
    projectId: string
    provider: string
    deviceId: string
    parentOrigin: string
    redirectUri: string
    linkUserId: string | null
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO ew_social_flows (state_hash, project_id, provider, device_id, parent_origin, redirect_uri, link_user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz)`,
    [
      hashToken(flow.state),
      flow.projectId,
      flow.provider,
      flow.deviceId,
      flow.parentOrigin,
      flow.redirectUri,
      flow.linkUserId,
      new Date(now).toISOString(),
      new Date(now + SOCIAL_STATE_TTL_SECONDS * 1000).toISOString(),
    ],
  )
}

/**
 * Uses the state up, before anything else is done with the callback (a replayed or forged
 * callback changes nothing): the flow, when live and not called back yet.
 *
 * @example
 * const flow = await takeSocialCallback(sql, state, new Date().toISOString())
 */
export async function takeSocialCallback(
  sql: SqlClient,
  state: string,
  at: string,
): Promise<CalledBackFlow | undefined> {
  const { rows } = await sql.query<CalledBackFlow>(
    `UPDATE ew_social_flows SET called_back_at = $2::timestamptz
       WHERE state_hash = $1 AND called_back_at IS NULL AND expires_at > $2::timestamptz
       RETURNING project_id, provider, device_id, parent_origin, redirect_uri, link_user_id`,
    [hashToken(state), at],
  )
  return rows[0]
}

/**
 * Records the flow's user and its one-time result (only the hash kept).
 *
 * @example
 * await recordSocialResult(sql, Date.now(), { state, userId, result: newToken() })
 */
export async function recordSocialResult(
  sql: SqlClient,
  now: number,
  outcome: { state: string; userId: string; result: string },
): Promise<void> {
  await sql.query(
    `UPDATE ew_social_flows SET user_id = $2, result_hash = $3, result_expires_at = $4::timestamptz WHERE state_hash = $1`,
    [
      hashToken(outcome.state),
      outcome.userId,
      hashToken(outcome.result),
      new Date(now + SOCIAL_STATE_TTL_SECONDS * 1000).toISOString(),
    ],
  )
}

/**
 * Uses a result up for the device it was made for: the flow's user, origin and provider,
 * or undefined when unknown, expired, used or another device's.
 *
 * @example
 * const flow = await finishSocialFlow(sql, { result, projectId, deviceId, at: new Date().toISOString() })
 */
export async function finishSocialFlow(
  sql: SqlClient,
  finish: { result: string; projectId: string; deviceId: string; at: string },
): Promise<{ user_id: string; parent_origin: string; provider: string } | undefined> {
  const { rows } = await sql.query<{ user_id: string; parent_origin: string; provider: string }>(
    `UPDATE ew_social_flows SET finished_at = $4::timestamptz
       WHERE result_hash = $1 AND project_id = $2 AND device_id = $3
         AND finished_at IS NULL AND result_expires_at > $4::timestamptz
       RETURNING user_id, parent_origin, provider`,
    [hashToken(finish.result), finish.projectId, finish.deviceId, finish.at],
  )
  return rows[0]
}
