import { defineStorageKey } from 'latchkit/internal'
import * as z from 'zod/mini'

/**
 * A sign-in session as the verifier describes it. Whatever a verifier answers, and what
 * comes back from storage, is parsed with this before use.
 */
export const siweSessionSchema = z.object({
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  chainId: z.number().check(z.int(), z.positive()),
  domain: z.optional(z.string()),
  /** ISO 8601. */
  issuedAt: z.optional(z.string()),
  /** ISO 8601; the session is over after it. */
  expirationTime: z.optional(z.string()),
  /** For verifiers that authenticate by bearer token rather than (or as well as) a cookie. */
  token: z.optional(z.string()),
})

export type SiweSession = z.output<typeof siweSessionSchema>

/** Where the session waits for the next visit (prefixed with the plugin id). */
export const siweSessionKey = defineStorageKey('siwe:session', siweSessionSchema)

/**
 * Whether `session` signs in `address` on `chainId` now: same account (EIP-55 case
 * aside), same chain, not expired.
 *
 * @example
 * sessionCovers(session, { address: '0xabc...', chainId: 1 }) // false after a chain switch
 */
export function sessionCovers(
  session: SiweSession | undefined,
  target: { address: string; chainId: number },
  now: number = Date.now(),
): boolean {
  if (!session) return false
  if (session.address.toLowerCase() !== target.address.toLowerCase()) return false
  if (session.chainId !== target.chainId) return false
  return !sessionExpired(session, now)
}

/** Whether the session's expiration time has passed (a session without one never expires here). */
export function sessionExpired(session: SiweSession, now: number = Date.now()): boolean {
  const expires = session.expirationTime ? Date.parse(session.expirationTime) : Number.NaN
  return !Number.isNaN(expires) && expires <= now
}
