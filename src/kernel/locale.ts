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

/**
 * Reads either form as a Locale: a plain record is English (tag 'en', left to right) with
 * those strings replaced.
 *
 * @example
 * toLocale({ 'button.connect': 'Connect' }) // { tag: 'en', direction: 'ltr', strings: { 'button.connect': 'Connect' } }
 * toLocale(de) // a copy of de
 */
export function toLocale(input: LocaleInput = {}): Locale {
  const { tag, direction, strings } = input as Partial<Locale>
  // A Locale has a tag and a strings object; a record of strings has string values only.
  if (typeof tag === 'string' && typeof strings === 'object' && strings !== null)
    return { tag, direction: direction ?? 'ltr', strings: { ...strings } }
  return { tag: 'en', direction: 'ltr', strings: { ...(input as Record<string, string>) } }
}
