/**
 * A language for the widget: its BCP 47 tag (which Intl formats numbers and dates with),
 * its writing direction and its strings by key. Keys it leaves out stay English.
 *
 * @example
 * const de: Locale = { tag: 'de', direction: 'ltr', strings: { 'button.connect': 'Wallet verbinden' } }
 * createKernel({ networks, locale: de })
 */
export interface Locale {
  tag: string
  direction: 'ltr' | 'rtl'
  strings: Record<string, string>
}

/** What `locale` options accept: a Locale, or (the older form) English strings to override by key. */
export type LocaleInput = Locale | Record<string, string>

/** The language every string is written in before a locale replaces it. */
export const englishLocale: Locale = { tag: 'en', direction: 'ltr', strings: {} }

/**
 * True for a Locale, false for a plain record of string overrides.
 *
 * @example
 * isLocale({ tag: 'de', direction: 'ltr', strings: {} }) // true
 * isLocale({ 'button.connect': 'Verbinden' }) // false
 */
export function isLocale(input: LocaleInput): input is Locale {
  const strings = (input as { strings?: unknown }).strings
  return typeof input.tag === 'string' && typeof strings === 'object' && strings !== null
}

/**
 * Reads either form as a Locale: a plain record is English with those strings replaced.
 *
 * @example
 * toLocale({ 'button.connect': 'Connect' }) // { tag: 'en', direction: 'ltr', strings: { 'button.connect': 'Connect' } }
 */
export function toLocale(input: LocaleInput = {}): Locale {
  if (isLocale(input)) return { tag: input.tag, direction: input.direction, strings: { ...input.strings } }
  return { ...englishLocale, strings: { ...input } }
}
