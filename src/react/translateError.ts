import type { LatchError } from 'latchkit'
import { errorStrings } from './errorStrings'

type Translate = (key: string, values?: Record<string, string | number>) => string

/**
 * A LatchError's short message in the current language: the locale's `error.<code>`
 * string, its `{placeholders}` filled with what the English message said in their place
 * ('HTTP status code: 404' gives `{status}` 404). An error whose message is not the one
 * its code has in English (a plugin's own words under a kernel code) keeps its message.
 *
 * @example
 * translateError(new HttpError(404), t) // 'HTTP-Statuscode: 404' under the de locale
 */
export function translateError(error: LatchError, t: Translate): string {
  const key = `error.${error.code}`
  const english = errorStrings[key]
  if (english === undefined) return error.shortMessage
  const values = readPlaceholders(english, error.shortMessage)
  if (!values) return error.shortMessage
  const translated = t(key, values)
  // A locale without the key: the English message the error carries.
  return translated === key ? error.shortMessage : translated
}

/** The values `message` has where `template` has `{name}`s, or undefined when it does not fit. */
function readPlaceholders(template: string, message: string): Record<string, string> | undefined {
  const names: string[] = []
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(name)
      return '(.*?)'
    })
    .join('')
  const match = new RegExp(`^${pattern}$`, 's').exec(message)
  if (!match) return undefined
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']))
}
