import { LatchError } from 'latchkit'
import type { Translate } from 'latchkit/react'
import { describeFailure } from 'latchkit/react/views'

/**
 * The visitor's words for a failed send: `send.error.<code>` when a string exists for the
 * code (the send plugin's English messages by default, a locale may translate them), else
 * what `describeFailure` says: the short message, plus the reason a wallet or node gave.
 * Anything that is not a LatchError is 'Transaction failed'.
 *
 * @example
 * describeSendError(error, t) // 'An amount and receiver address are required'
 */
export function describeSendError(reason: unknown, t: Translate): string {
  if (reason instanceof LatchError) {
    const key = `send.error.${reason.code}`
    const text = t(key)
    if (text !== key) return text
  }
  return describeFailure(reason, t('send.failed'), t)
}
