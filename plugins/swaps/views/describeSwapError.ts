import { isUserRejection, LatchError } from 'latchkit'
import type { Translate } from 'latchkit/react'
import { describeFailure } from 'latchkit/react/views'

/**
 * The visitor's words for a failed step: 'Transaction declined' when the wallet was told
 * no, `swaps.error.<code>` when a locale names the code,
 * the error's own message for the swap codes, otherwise what `describeFailure` says (the
 * short message and the wallet's or node's reason).
 *
 * @example
 * describeSwapError(error, t, t('swaps.failed')) // 'Insufficient liquidity for this trade'
 */
export function describeSwapError(reason: unknown, t: Translate, fallback: string): string {
  if (isUserRejection(reason)) return t('swaps.declined')
  if (reason instanceof LatchError) {
    const key = `swaps.error.${reason.code}`
    const text = t(key)
    if (text !== key) return text
  }
  return describeFailure(reason, fallback, t)
}
