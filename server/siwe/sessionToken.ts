import { createHash, randomBytes } from 'node:crypto'

/** Name of the session cookie the verifier sets (HttpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'siwe_session'

/**
 * A new session token: 256 random bits, URL-safe. Only its hash is stored, so a copy of
 * the database does not hand out live sessions.
 *
 * @example
 * const token = newSessionToken()
 * await db.query('insert ... token_hash = $1', [hashSessionToken(token)])
 */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The stored form of a token (hex SHA-256). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * A nonce for one sign-in: 128 random bits as 32 hex characters (EIP-4361 asks for at
 * least 8 alphanumerics). From the OS generator, never Math.random.
 */
export function newNonce(): string {
  return randomBytes(16).toString('hex')
}

/**
 * The token a request carries: `Authorization: Bearer <token>` first (clients on another
 * site, where the cookie does not travel), else the session cookie.
 */
export function readSessionToken(
  authorization: string | undefined,
  cookie: string | undefined,
): string | undefined {
  const bearer = authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{16,128})$/)?.[1]
  if (bearer) return bearer
  return cookie && /^[A-Za-z0-9_-]{16,128}$/.test(cookie) ? cookie : undefined
}
