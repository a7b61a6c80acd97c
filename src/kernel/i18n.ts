/** Translates keys to strings; `{name}` placeholders are filled from `values`. */
export interface I18n {
  t(key: string, values?: Record<string, string | number>): string
  /** Adds default strings (plugins call this with their English strings). */
  register(strings: Record<string, string>): void
  /** Replaces the integrator's locale (all keys, or a few overrides). */
  setLocale(strings: Record<string, string>): void
  subscribe(listener: () => void): () => void
  /** Changes whenever a string may have changed (for memoised renders). */
  version(): number
}

/**
 * @example
 * const i18n = createI18n({ 'connect.title': 'Verbinden' })
 * i18n.register({ 'connect.title': 'Connect wallet' })
 * i18n.t('connect.title') // 'Verbinden': the locale wins over defaults
 */
export function createI18n(locale: Record<string, string> = {}): I18n {
  const defaults: Record<string, string> = {}
  let overrides = { ...locale }
  let revision = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    revision++
    for (const listener of [...listeners]) listener()
  }
  return {
    t(key, values) {
      const template = overrides[key] ?? defaults[key] ?? key
      if (!values) return template
      return template.replace(/\{(\w+)\}/g, (match, name: string) =>
        name in values ? String(values[name]) : match,
      )
    },
    register(strings) {
      Object.assign(defaults, strings)
      changed()
    },
    setLocale(strings) {
      overrides = { ...strings }
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => revision,
  }
}
