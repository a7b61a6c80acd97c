/** An email login cannot start again within 30 s of the last one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/**
 * The whole seconds left before another email login may start, rounded up; 0 when it
 * may start now (or none started yet, or the clock went back).
 *
 * @example
 * cooldownSecondsLeft(1_000, 1_000 + 12_400) // 18
 */
export function cooldownSecondsLeft(lastLoginAt: number | undefined, now: number): number {
  if (lastLoginAt === undefined || now < lastLoginAt) return 0
  const left = EMAIL_LOGIN_COOLDOWN_MS - (now - lastLoginAt)
  return left > 0 ? Math.ceil(left / 1000) : 0
}
