import { LatchError } from 'latchkit'

type Translate = (key: string, values?: Record<string, string | number>) => string

/**
 * What a view says about a failed login: the plugin's own codes in the locale, the
 * frame's message as it wrote it, else `fallback`.
 *
 * @example
 * setMessage(socialFailure(error, t, t('social.failed')))
 */
export function socialFailure(error: unknown, t: Translate, fallback: string): string {
  if (!(error instanceof LatchError)) return fallback
  if (String(error.code).startsWith('SOCIAL_')) return t(`social.error.${error.code}`, error.values)
  return error.shortMessage || fallback
}
