import { ConfigError } from 'latchkit'

/** What `legalCheckbox(options)` takes: the app's two documents, as http(s) URLs. */
export interface LegalCheckboxOptions {
  /** The app's Terms of Service, e.g. `https://app.example/terms`. */
  termsConditionsUrl: string
  /** The app's Privacy Policy, e.g. `https://app.example/privacy`. */
  privacyPolicyUrl: string
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

/**
 * The options as given, or a ConfigError naming the one that is not an http(s) URL.
 *
 * @example checkOptions({ termsConditionsUrl: 'https://app.example/terms', privacyPolicyUrl: 'https://app.example/privacy' })
 */
export function checkOptions(options: LegalCheckboxOptions): LegalCheckboxOptions {
  for (const name of ['termsConditionsUrl', 'privacyPolicyUrl'] as const) {
    if (!isHttpUrl(options?.[name])) {
      throw new ConfigError('Invalid legal checkbox options', {
        code: 'INVALID_OPTIONS',
        details: `${name} must be an http(s) URL of the app's document, got ${JSON.stringify(options?.[name])}`,
      })
    }
  }
  return { termsConditionsUrl: options.termsConditionsUrl, privacyPolicyUrl: options.privacyPolicyUrl }
}
