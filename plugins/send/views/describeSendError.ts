import { LatchError } from 'latchkit'
import type { Translate } from 'latchkit/react'

/**
 * The visitor's words for a failed send check: `send.error.<code>` when a string exists
 * for the code (the send plugin's English messages by default, a locale may translate
 * them), else the error's
 * short message; anything that is not a LatchError is 'Transaction failed'.
 *
 * @example
 * describeSendError(error, t) // 'An amount and receiver address are required'
 */
export function describeSendError(reason: unknown, t: Translate): string {
  if (reason instanceof LatchError) {
    const key = `send.error.${reason.code}`
    const text = t(key)
    return text === key ? reason.shortMessage : text
  }
  return t('send.failed')
}
