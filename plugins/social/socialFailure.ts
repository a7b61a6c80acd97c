import { LatchError } from 'latchkit'

type Translate = (key: string, values?: Record<string, string | number>) => string

/**
 * What a view says about a failed login: the plugin's own codes in the locale (and the
 * service's 501 SOCIAL_NOT_CONFIGURED, a provider it was not given, as 'This login is not
 * available in this app'), the
 * frame's message as it wrote it, else `fallback`.
 *
 * @example
 * setMessage(socialFailure(error, t, t('social.failed')))
 */
/**
 * Whether the failure says the login is absent from the wallet service (its 501
 * SOCIAL_NOT_CONFIGURED), which trying again cannot change.
 */
export function socialNotServed(error: unknown): boolean {
  return error instanceof LatchError && error.code === 'SOCIAL_NOT_CONFIGURED'
}

export function socialFailure(error: unknown, t: Translate, fallback: string): string {
  if (!(error instanceof LatchError)) return fallback
  if (String(error.code).startsWith('SOCIAL_')) return t(`social.error.${error.code}`, error.values)
  return error.shortMessage || fallback
}
