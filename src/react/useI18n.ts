'use client'
import type { I18n } from 'latchkit/internal'
import { useCallback, useSyncExternalStore } from 'react'
import { useKernel } from './context'

export type Translate = I18n['t']

/**
 * The kernel's i18n with a `t` that changes identity when strings change (so memoised
 * components re-render on a locale switch).
 *
 * @example
 * const { t, setLocale } = useI18n()
 * setLocale({ 'connect.title': 'Wallet verbinden' })
 */
export function useI18n(): { t: Translate; setLocale: I18n['setLocale']; i18n: I18n } {
  return useI18nAs('useI18n')
}

function useI18nAs(hook: string): { t: Translate; setLocale: I18n['setLocale']; i18n: I18n } {
  const { i18n } = useKernel(hook)
  const version = useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version)
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the cache key
  const t = useCallback<Translate>((key, values) => i18n.t(key, values), [i18n, version])
  return { t, setLocale: i18n.setLocale, i18n }
}

/**
 * The current language's BCP 47 tag ('en' by default), for Intl formats; the component
 * re-renders when the locale changes.
 *
 * @example
 * const tag = useLocaleTag()
 * numberFormat(tag).format(1234.5) // '1.234,5' under the de locale
 */
export function useLocaleTag(): string {
  return useI18nAs('useLocaleTag').i18n.tag()
}

/**
 * The current language's writing direction, for the `dir` attribute of what the widget
 * renders; the component re-renders when the locale changes.
 *
 * @example
 * const dir = useLocaleDirection()
 * <div dir={dir}>{t('send.title')}</div> // dir="rtl" under the ar locale
 */
export function useLocaleDirection(): 'ltr' | 'rtl' {
  return useI18nAs('useLocaleDirection').i18n.direction()
}

/**
 * Just the translate function.
 *
 * @example
 * const t = useT()
 * <h2>{t('connect.title')}</h2>
 */
export function useT(): Translate {
  return useI18nAs('useT').t
}
