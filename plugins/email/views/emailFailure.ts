import { LatchError } from 'latchkit'

type Translate = (key: string, values?: Record<string, string | number>) => string

/**
 * What a view says about a failed step: the plugin's own codes in the locale, the
 * frame's message as it wrote it ('Invalid code'), else `fallback`.
 *
 * @example
 * setMessage(emailFailure(error, t, t('email.otp.failed')))
 */
export function emailFailure(error: unknown, t: Translate, fallback: string): string {
  if (!(error instanceof LatchError)) return fallback
  if (String(error.code).startsWith('EMAIL_')) return t(`email.error.${error.code}`, error.values)
  return error.shortMessage || fallback
}
