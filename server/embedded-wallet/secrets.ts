/**
 * The service's one-time secrets: 6-digit codes and URL-safe tokens from the OS's secure
 * generator, and the forms they are stored in. Codes are stored as an HMAC-SHA-256 under
 * a key derived from the share key (a copy of the database alone cannot try the million
 * codes offline), tokens as plain SHA-256 (256 random bits need no key).
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto'

/**
 * A 6-digit code, leading zeros kept.
 *
 * @example newCode() // '042917'
 */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** A token of 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The stored form of a session token or approval token (hex SHA-256). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The code hasher: HMAC-SHA-256 of the code and everything it is bound to, under a key
 * derived (HKDF) from the share key, so it is not the share key itself.
 *
 * @example
 * const hashCode = codeHasher(shareKey)
 * hashCode({ projectId, purpose: 'login', email, deviceId, code: '042917' })
 */
export function codeHasher(shareKey: Uint8Array) {
  const key = Buffer.from(hkdfSync('sha256', shareKey, new Uint8Array(0), 'latchkit frame service codes', 32))
  return (bound: { projectId: string; purpose: string; email: string; deviceId: string; code: string }) =>
    createHmac('sha256', key)
      .update(JSON.stringify([bound.projectId, bound.purpose, bound.email, bound.deviceId, bound.code]))
      .digest('hex')
}

export type CodeHasher = ReturnType<typeof codeHasher>
