/**
 * The wallet material the service keeps per user: the addresses, the recovery material
 * (the half of the recovery split encrypted under the person's password key, its KDF
 * parameters, and the other half, `serverRecoveryShare`) and one auth share per device.
 * Every share is sealed by the share cipher before it reaches the database; the service
 * never holds two shares of one split in clear, and never logs one.
 */
import type { SqlClient } from '../db/sqlClient.js'
import { FrameServiceError } from './errors.js'
import type { ShareCipher } from './shareCipher.js'

export type WalletAddresses = { eip155: string; solana: string }

export type RecoveryMaterial = {
  encryptedShare: string
  kdf: Record<string, unknown>
  serverRecoveryShare: string
  addresses: WalletAddresses
}

/** Where each sealed share belongs: the additional data it is sealed with. */
const places = {
  auth: (userId: string, deviceId: string) => `auth:${userId}:${deviceId}`,
  recovery: (userId: string) => `recovery:${userId}`,
  serverRecovery: (userId: string) => `server-recovery:${userId}`,
}

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytesOf = (value: unknown) => new Uint8Array(value as Uint8Array)

/** What the user's wallet is to this device: none yet, usable here, or made on another device. */
export async function walletState(
  sql: SqlClient,
  userId: string,
  deviceId: string,
): Promise<'none' | 'this-device' | 'other-device'> {
  const { rows } = await sql.query<{ here: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ew_auth_shares a WHERE a.user_id = w.user_id AND a.device_id = $2) AS here
     FROM ew_wallets w WHERE w.user_id = $1`,
    [userId, deviceId],
  )
  const row = rows[0]
  if (!row) return 'none'
  return row.here ? 'this-device' : 'other-device'
}

/** The wallet's addresses, when the user has one. */
export async function walletAddresses(sql: SqlClient, userId: string): Promise<WalletAddresses | undefined> {
  const { rows } = await sql.query<{ eip155_address: string; solana_address: string }>(
    'SELECT eip155_address, solana_address FROM ew_wallets WHERE user_id = $1',
    [userId],
  )
  const row = rows[0]
  return row ? { eip155: row.eip155_address, solana: row.solana_address } : undefined
}

/**
 * Stores a new wallet and this device's auth share in one statement; `WALLET_EXISTS` when
 * the user has one already (also when two requests race: one wins).
 */
export async function createWallet(
  sql: SqlClient,
  cipher: ShareCipher,
  now: number,
  wallet: RecoveryMaterial & { userId: string; deviceId: string; authShare: string },
): Promise<void> {
  const { userId, deviceId } = wallet
  const { rows } = await sql.query(
    `WITH wallet AS (
       INSERT INTO ew_wallets (user_id, eip155_address, solana_address, recovery_share, recovery_kdf, server_recovery_share, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $8::timestamptz)
       ON CONFLICT (user_id) DO NOTHING
       RETURNING user_id
     )
     INSERT INTO ew_auth_shares (user_id, device_id, share, created_at)
     SELECT user_id, $7, $9, $8::timestamptz FROM wallet
     RETURNING user_id`,
    [
      userId,
      wallet.addresses.eip155,
      wallet.addresses.solana,
      await cipher.seal(fromBase64(wallet.encryptedShare), places.recovery(userId)),
      JSON.stringify(wallet.kdf),
      await cipher.seal(fromBase64(wallet.serverRecoveryShare), places.serverRecovery(userId)),
      deviceId,
      new Date(now).toISOString(),
      await cipher.seal(fromBase64(wallet.authShare), places.auth(userId, deviceId)),
    ],
  )
  if (rows.length === 0) throw new FrameServiceError('WALLET_EXISTS')
}

/** Stores (or replaces, after a recovery on the same device) a device's auth share. */
export async function storeAuthShare(
  sql: SqlClient,
  cipher: ShareCipher,
  now: number,
  share: { userId: string; deviceId: string; authShare: string },
): Promise<void> {
  const { userId, deviceId } = share
  const { rows } = await sql.query(
    `INSERT INTO ew_auth_shares (user_id, device_id, share, created_at)
     SELECT user_id, $2, $3, $4::timestamptz FROM ew_wallets WHERE user_id = $1
     ON CONFLICT (user_id, device_id) DO UPDATE SET share = EXCLUDED.share, created_at = EXCLUDED.created_at
     RETURNING user_id`,
    [
      userId,
      deviceId,
      await cipher.seal(fromBase64(share.authShare), places.auth(userId, deviceId)),
      new Date(now).toISOString(),
    ],
  )
  if (rows.length === 0) throw new FrameServiceError('NO_WALLET')
}

/** The device's auth share, base64; `NO_AUTH_SHARE` when the device holds none. */
export async function readAuthShare(
  sql: SqlClient,
  cipher: ShareCipher,
  userId: string,
  deviceId: string,
): Promise<string> {
  const { rows } = await sql.query<{ share: unknown }>(
    'SELECT share FROM ew_auth_shares WHERE user_id = $1 AND device_id = $2',
    [userId, deviceId],
  )
  const row = rows[0]
  if (!row) throw new FrameServiceError('NO_AUTH_SHARE')
  return toBase64(await cipher.open(bytesOf(row.share), places.auth(userId, deviceId)))
}

/** The recovery material, shares in base64; `NO_WALLET` when the user has none. */
export async function readRecovery(
  sql: SqlClient,
  cipher: ShareCipher,
  userId: string,
): Promise<RecoveryMaterial> {
  const { rows } = await sql.query<{
    eip155_address: string
    solana_address: string
    recovery_share: unknown
    recovery_kdf: Record<string, unknown> | string
    server_recovery_share: unknown
  }>(
    `SELECT eip155_address, solana_address, recovery_share, recovery_kdf, server_recovery_share
     FROM ew_wallets WHERE user_id = $1`,
    [userId],
  )
  const row = rows[0]
  if (!row) throw new FrameServiceError('NO_WALLET')
  return {
    encryptedShare: toBase64(await cipher.open(bytesOf(row.recovery_share), places.recovery(userId))),
    kdf: typeof row.recovery_kdf === 'string' ? JSON.parse(row.recovery_kdf) : row.recovery_kdf,
    serverRecoveryShare: toBase64(
      await cipher.open(bytesOf(row.server_recovery_share), places.serverRecovery(userId)),
    ),
    addresses: { eip155: row.eip155_address, solana: row.solana_address },
  }
}
