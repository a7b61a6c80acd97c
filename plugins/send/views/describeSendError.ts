import { LatchError } from 'latchkit'
import type { Translate } from 'latchkit/react'

/** A wallet's or node's own words are cut here: enough to act on, never a page of text. */
const REASON_MAX_LENGTH = 120

/**
 * The visitor's words for a failed send: `send.error.<code>` when a string exists for the
 * code (the send plugin's English messages by default, a locale may translate them), else
 * the error's short message. A wallet or node failure keeps its catalogue message and adds
 * the reason it gave ('Transaction creation failed: insufficient funds for gas * price +
 * value'), so the person reads why and the console keeps the whole error. Anything that
 * is not a LatchError is 'Transaction failed'.
 *
 * @example
 * describeSendError(error, t) // 'An amount and receiver address are required'
 */
export function describeSendError(reason: unknown, t: Translate): string {
  if (!(reason instanceof LatchError)) return t('send.failed')
  const key = `send.error.${reason.code}`
  const text = t(key)
  if (text !== key) return text
  const why = reason.rpcCode === undefined ? undefined : reasonOf(reason)
  return why ? `${reason.shortMessage}: ${why}` : reason.shortMessage
}

/** The first line of what the wallet or node said, when it says more than the catalogue. */
function reasonOf(error: LatchError): string | undefined {
  const said = error.details
    ?.split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
  if (!said || said.toLowerCase() === error.shortMessage.toLowerCase()) return undefined
  return said.length > REASON_MAX_LENGTH ? `${said.slice(0, REASON_MAX_LENGTH - 1)}…` : said
}
