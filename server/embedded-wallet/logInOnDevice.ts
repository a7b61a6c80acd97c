/**
 * The last step of a login the frame service has already decided on (a social result or a
 * verified Farcaster sign-in): the device counts as approved for the user, a session is
 * made for the device and app origin, and the frame gets what it needs to go on.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { createSession } from './sessions.js'
import { approveDevice } from './users.js'
import { walletState } from './wallets.js'

export type DeviceLogin = {
  sessionToken: string
  /** The user's login email; null for a user who logs in only with a social account. */
  user: { id: string; email: string | null }
  wallet: Awaited<ReturnType<typeof walletState>>
}

/**
 * Logs `userId` in on `deviceId`: records the device as approved at `approvedAt` (kept as it
 * was when already known), creates the session, then reads the user's email and what the
 * wallet is to this device. The caller has done every check of its flow before.
 *
 * @example
 * const login = await logInOnDevice(sql, now, {
 *   userId, projectId, deviceId, parentOrigin, approvedAt: new Date(now()).toISOString(),
 * })
 * return c.json({ ...login, provider: 'google', parentOrigin })
 */
export async function logInOnDevice(
  sql: SqlClient,
  now: () => number,
  login: { userId: string; projectId: string; deviceId: string; parentOrigin: string; approvedAt: string },
): Promise<DeviceLogin> {
  const { userId, projectId, deviceId, parentOrigin } = login
  await approveDevice(sql, { userId, deviceId, approvedAt: login.approvedAt })
  const sessionToken = await createSession(sql, now(), { userId, projectId, deviceId, parentOrigin })
  const { rows: users } = await sql.query<{ email: string | null }>(
    'SELECT email FROM ew_users WHERE id = $1',
    [userId],
  )
  return {
    sessionToken,
    user: { id: userId, email: users[0]?.email ?? null },
    wallet: await walletState(sql, userId, deviceId),
  }
}
