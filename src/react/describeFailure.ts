import { isUserRejection, LatchError } from 'latchkit'
import { translateError } from './translateError'

/** A wallet's or node's own words are cut here: enough to act on, never a page of text. */
const REASON_MAX_LENGTH = 120

/**
 * What a person reads when something failed: the error's short message and, when a
 * wallet or node gave a reason the message does not already say, that reason's first
 * line ('Transaction creation failed: insufficient funds for gas * price + value'), cut
 * at 120 characters. The whole error stays on the console and in its `cause`. Anything
 * that is not a LatchError gives `fallback`. Given `t`, the short message is the current
 * locale's `error.<code>` string (English when the locale has none).
 *
 * @example
 * describeFailure(error, t('networks.switchFailed'), t) // 'Chain mismatch', 'Chain stimmt nicht überein' in de
 */
export function describeFailure(
  error: unknown,
  fallback: string,
  t?: (key: string, values?: Record<string, string | number>) => string,
): string {
  if (!(error instanceof LatchError)) return fallback
  const message = t ? translateError(error, t) : error.shortMessage
  // Declining needs no reason, and a wallet without one has nothing to add.
  if (error.rpcCode === undefined || isUserRejection(error)) return message
  const said = error.details
    ?.split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
  if (!said || sameWords(said, error.shortMessage)) return message
  const reason = said.length > REASON_MAX_LENGTH ? `${said.slice(0, REASON_MAX_LENGTH - 1)}…` : said
  return `${message}: ${reason}`
}

/** True when `reason` says nothing `message` does not ('Unauthorized.' after 'Unauthorized'). */
function sameWords(reason: string, message: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  return words(message).includes(words(reason))
}
