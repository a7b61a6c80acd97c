import { isUserRejection, LatchError } from 'latchkit'

/** A wallet's or node's own words are cut here: enough to act on, never a page of text. */
const REASON_MAX_LENGTH = 120

/**
 * What a person reads when something failed: the error's short message and, when a
 * wallet or node gave a reason the message does not already say, that reason's first
 * line ('Transaction creation failed: insufficient funds for gas * price + value'), cut
 * at 120 characters. The whole error stays on the console and in its `cause`. Anything
 * that is not a LatchError gives `fallback`.
 *
 * @example
 * describeFailure(error, t('networks.switchFailed')) // 'Chain mismatch'
 */
export function describeFailure(error: unknown, fallback: string): string {
  if (!(error instanceof LatchError)) return fallback
  // Declining needs no reason, and a wallet without one has nothing to add.
  if (error.rpcCode === undefined || isUserRejection(error)) return error.shortMessage
  const said = error.details
    ?.split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
  if (!said || sameWords(said, error.shortMessage)) return error.shortMessage
  const reason = said.length > REASON_MAX_LENGTH ? `${said.slice(0, REASON_MAX_LENGTH - 1)}…` : said
  return `${error.shortMessage}: ${reason}`
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
