/**
 * Deletes what can no longer be used: rate-limit counters, codes, approval links, social
 * and Farcaster login flows and sessions a day past their end. Run now and then on a request (a few indexed deletes);
 * nothing depends on it for correctness, only on the table sizes.
 */
import type { SqlClient } from '../db/sqlClient.js'

const DAY_MS = 24 * 3600_000

/**
 * @example
 * await purgeExpired(db.sql, Date.now())
 */
export async function purgeExpired(sql: SqlClient, now: number): Promise<void> {
  const before = new Date(now - DAY_MS).toISOString()
  await sql.query('DELETE FROM ew_rate_limits WHERE window_start < $1::timestamptz', [before])
  await sql.query('DELETE FROM ew_codes WHERE expires_at < $1::timestamptz', [before])
  await sql.query('DELETE FROM ew_device_approvals WHERE expires_at < $1::timestamptz', [before])
  await sql.query('DELETE FROM ew_social_flows WHERE expires_at < $1::timestamptz', [before])
  await sql.query('DELETE FROM ew_farcaster_flows WHERE expires_at < $1::timestamptz', [before])
  await sql.query('DELETE FROM ew_sessions WHERE expires_at < $1::timestamptz', [before])
}
