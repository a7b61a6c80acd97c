/**
 * The email-login cooldown of SPEC §4/§5/§9: a stored last-login time keeps the user from
 * retriggering an email login within 30 s, across reloads.
 */
import { latchError } from './errors'

/** SPEC §9: email login cooldown. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/** Where the last login time lives, e.g. the `lastEmailLoginTime` storage key. */
export interface LastLoginTimeStore {
  get(): number | undefined
  set(timeMs: number): void
}

export interface EmailThrottleOptions {
  store: LastLoginTimeStore
  now?: () => number
  cooldownMs?: number
}

export interface EmailThrottle {
  /** Milliseconds until a new login is allowed; 0 when allowed now. */
  remainingMs(): number
  /** Throws 'Please try again after {n} seconds' (code EMAIL_THROTTLED) while cooling down. */
  check(): void
  /** Records a login started now. */
  record(): void
}

/**
 * Creates the email-login throttle over a store of the last login time.
 *
 * @example
 * const throttle = createEmailThrottle({
 *   store: { get: () => storage.get('lastEmailLoginTime'), set: (t) => storage.set('lastEmailLoginTime', t) },
 * })
 * throttle.check() // throws 'Please try again after 12 seconds' within the cooldown
 * throttle.record()
 */
export function createEmailThrottle({
  store,
  now = Date.now,
  cooldownMs = EMAIL_LOGIN_COOLDOWN_MS,
}: EmailThrottleOptions): EmailThrottle {
  function remainingMs(): number {
    const last = store.get()
    if (typeof last !== 'number' || !Number.isFinite(last)) return 0
    // A last time in the future (the clock was set back) still waits one cooldown at most.
    return Math.min(cooldownMs, Math.max(0, last + cooldownMs - now()))
  }

  return {
    remainingMs,
    check() {
      const remaining = remainingMs()
      if (remaining > 0) {
        throw latchError(
          'EMAIL_THROTTLED',
          { n: Math.ceil(remaining / 1000) },
          { data: { remainingMs: remaining } },
        )
      }
    },
    record() {
      store.set(now())
    },
  }
}
