/**
 * Rate limits in the database: a counter per bucket (`email:<project>:<address>`,
 * `ip:<address>`, `project:<id>`) and fixed window, bumped by one upsert that returns the
 * new count, so every instance on one PostgreSQL counts the same hits.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { FrameServiceError } from './errors.js'

export type FrameLimits = {
  /** The window the counts below are per. Default 600 s. */
  windowSeconds: number
  /** Mails to one address per window (login codes, approval links, update codes). Default 5. */
  perEmail: number
  /** Mail-sending requests from one IP address per window. Default 30. */
  perIp: number
  /** Mail-sending requests for one project per window. Default 1000. */
  perProject: number
  /** How long `/v1/device/wait` waits before answering `{ approved: false }`. Default 25,000 ms. */
  deviceWaitMs: number
}

export const DEFAULT_FRAME_LIMITS: FrameLimits = {
  windowSeconds: 600,
  perEmail: 5,
  perIp: 30,
  perProject: 1000,
  deviceWaitMs: 25_000,
}

/**
 * Counts one hit in each bucket and refuses (429 `RATE_LIMITED` with `retryAfter`) when
 * any is over its limit. Every bucket is counted even when an earlier one refuses: a
 * caller over one limit keeps using up the others.
 *
 * @example
 * await hitRateLimits(sql, Date.now(), 600, [{ bucket: `ip:${ip}`, limit: 30 }])
 */
export async function hitRateLimits(
  sql: SqlClient,
  now: number,
  windowSeconds: number,
  buckets: readonly { bucket: string; limit: number }[],
): Promise<void> {
  const windowMs = windowSeconds * 1000
  const windowStart = Math.floor(now / windowMs) * windowMs
  let over = false
  for (const { bucket, limit } of buckets) {
    const { rows } = await sql.query<{ hits: number }>(
      `INSERT INTO ew_rate_limits (bucket, window_start, hits) VALUES ($1, $2::timestamptz, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = ew_rate_limits.hits + 1
       RETURNING hits`,
      [bucket, new Date(windowStart).toISOString()],
    )
    if ((rows[0]?.hits ?? 0) > limit) over = true
  }
  if (over) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
    throw new FrameServiceError(
      'RATE_LIMITED',
      `Too many requests: try again in ${retryAfter} seconds`,
      retryAfter,
    )
  }
}
