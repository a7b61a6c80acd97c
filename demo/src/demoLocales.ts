/**
 * The languages the demo offers, each loaded only when chosen (a dynamic import of its
 * `latchkit/locales/<tag>` entry), as an app that lets the visitor choose would do.
 */
import type { LocaleLoader } from 'latchkit'

/** Tag to loader; English is built in and needs none. */
export const localeLoaders: Record<string, LocaleLoader> = {
  de: () => import('latchkit/locales/de'),
  es: () => import('latchkit/locales/es'),
  fr: () => import('latchkit/locales/fr'),
  ja: () => import('latchkit/locales/ja'),
  'zh-CN': () => import('latchkit/locales/zh-CN'),
  'pt-BR': () => import('latchkit/locales/pt-BR'),
  ko: () => import('latchkit/locales/ko'),
  ar: () => import('latchkit/locales/ar'),
}

/** What the select shows for each choice, in that language itself. */
export const languageNames: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  'zh-CN': '简体中文',
  'pt-BR': 'Português (Brasil)',
  ko: '한국어',
  ar: 'العربية',
}

const KEY = 'latch-demo:language'

/**
 * The visitor's last choice: a tag, 'browser' (follow the browser's languages) or 'en'.
 *
 * @example const choice = savedLanguage() // 'en' on a first visit
 */
export function savedLanguage(): string {
  try {
    return window.localStorage.getItem(KEY) ?? 'en'
  } catch {
    // Storage blocked (a privacy setting): English each visit.
    return 'en'
  }
}

/**
 * Remembers the choice for the next visit.
 *
 * @example saveLanguage('ar')
 */
export function saveLanguage(choice: string): void {
  try {
    window.localStorage.setItem(KEY, choice)
  } catch {
    // Storage blocked: the choice holds for this visit only.
  }
}
