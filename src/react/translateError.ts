import type { LatchError } from 'latchkit'
import { describeRpcCode, formatMessage, messages, rpcCodes } from 'latchkit/internal'

type Translate = (key: string, values?: Record<string, string | number>) => string

/** The English message of a kernel or wallet (JSON-RPC) error code; undefined for others. */
function englishMessage(code: string): string | undefined {
  if (Object.hasOwn(messages, code)) return messages[code as keyof typeof messages]
  for (const rpcCode of Object.values(rpcCodes)) {
    const kind = describeRpcCode(rpcCode)
    if (kind.code === code) return kind.message
  }
  return undefined
}

/**
 * A LatchError's short message in the current language: the locale's `error.<code>`
 * string, filled with the values the English message was ('HTTP status code: 404' gives
 * `{status}` 404). An error whose message is not the one its code has in English (a
 * plugin's own words under a kernel code) keeps its message, and so does one the locale
 * does not translate.
 *
 * @example
 * translateError(new HttpError(404), t) // 'HTTP-Statuscode: 404' under the de locale
 */
export function translateError(error: LatchError, t: Translate): string {
  const english = englishMessage(error.code)
  if (english === undefined || formatMessage(english, error.values) !== error.shortMessage)
    return error.shortMessage
  const key = `error.${error.code}`
  const translated = t(key, error.values)
  return translated === key ? error.shortMessage : translated
}
