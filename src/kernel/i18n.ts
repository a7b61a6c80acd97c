import { type LocaleInput, toLocale } from './locale'

/** Translates keys to strings; `{name}` placeholders are filled from `values`. */
export interface I18n {
  t(key: string, values?: Record<string, string | number>): string
  /**
   * Adds default strings (plugins call this with their English strings); returns the
   * function that takes them away again. Strings registered later win.
   */
  register(strings: Record<string, string>): () => void
  /**
   * Replaces the integrator's locale: a Locale (its tag, direction and strings), or a
   * plain record of strings that override English key by key.
   */
  setLocale(locale: LocaleInput): void
  /** The BCP 47 tag of the current language ('en' unless a Locale says otherwise), for Intl. */
  tag(): string
  /** The current writing direction, for the `dir` attribute. */
  direction(): 'ltr' | 'rtl'
  subscribe(listener: () => void): () => void
  /** Changes whenever a string may have changed (for memoised renders). */
  version(): number
}

/**
 * @example
 * const i18n = createI18n({ tag: 'de', direction: 'ltr', strings: { 'connect.title': 'Verbinden' } })
 * i18n.register({ 'connect.title': 'Connect wallet' })
 * i18n.t('connect.title') // 'Verbinden': the locale wins over defaults
 * i18n.tag() // 'de'
 */
export function createI18n(locale?: LocaleInput): I18n {
  // What plugins registered, in order: taking one away rebuilds the defaults from the rest.
  const registered: Record<string, string>[] = []
  let defaults: Record<string, string> = {}
  let current = toLocale(locale)
  let revision = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    revision++
    for (const listener of [...listeners]) listener()
  }
  const rebuild = () => {
    defaults = Object.assign({}, ...registered)
    changed()
  }
  return {
    t(key, values) {
      const template = current.strings[key] ?? defaults[key] ?? key
      if (!values) return template
      return template.replace(/\{(\w+)\}/g, (match, name: string) =>
        name in values ? String(values[name]) : match,
      )
    },
    register(strings) {
      // A copy of its own marks this registration apart from another of the same object.
      const layer = { ...strings }
      registered.push(layer)
      rebuild()
      return () => {
        const at = registered.indexOf(layer)
        if (at < 0) return
        registered.splice(at, 1)
        rebuild()
      }
    },
    setLocale(next) {
      current = toLocale(next)
      changed()
    },
    tag: () => current.tag,
    direction: () => current.direction,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => revision,
  }
}
