import { type Locale, loadLocale, pickLocale } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../src/kernel/i18n'
import { testKernel } from './helpers'

const available = ['de', 'es', 'fr', 'ja', 'zh-CN', 'pt-BR', 'ko', 'ar']

describe('pickLocale', () => {
  it('matches a browser language exactly, ignoring case', () => {
    expect(pickLocale(available, ['pt-BR'])).toBe('pt-BR')
    expect(pickLocale(available, ['zh-cn'])).toBe('zh-CN')
    expect(pickLocale(available, ['ko'])).toBe('ko')
  })

  it('matches by language alone when no tag fits exactly', () => {
    expect(pickLocale(available, ['pt'])).toBe('pt-BR')
    expect(pickLocale(available, ['pt-PT'])).toBe('pt-BR')
    expect(pickLocale(available, ['zh'])).toBe('zh-CN')
    expect(pickLocale(available, ['de-AT'])).toBe('de')
    expect(pickLocale(available, ['ar-EG'])).toBe('ar')
  })

  it('takes the first preferred language that matches', () => {
    expect(pickLocale(available, ['sv', 'fr-CA', 'de'])).toBe('fr')
  })

  it('gives English when the visitor prefers English first or nothing matches', () => {
    expect(pickLocale(available, ['en-US', 'de'])).toBe('en')
    expect(pickLocale(available, ['sv', 'nl'])).toBe('en')
    expect(pickLocale(available, [])).toBe('en')
  })

  it('reads the tags from a record of loaders', () => {
    expect(pickLocale({ de: () => undefined, 'pt-BR': () => undefined }, ['pt'])).toBe('pt-BR')
  })
})

describe('loadLocale', () => {
  const de: Locale = { tag: 'de', direction: 'ltr', strings: { 'button.connect': 'Wallet verbinden' } }

  it('loads only the locale that matches, from a module default or the Locale itself', async () => {
    const loaded: string[] = []
    const loaders = {
      de: async () => {
        loaded.push('de')
        return { default: de }
      },
      ar: async () => {
        loaded.push('ar')
        return { tag: 'ar', direction: 'rtl' as const, strings: {} }
      },
    }
    expect(await loadLocale(loaders, ['de-CH'])).toEqual(de)
    expect((await loadLocale(loaders, ['ar']))?.direction).toBe('rtl')
    expect(loaded).toEqual(['de', 'ar'])
  })

  it('resolves to undefined (English) when nothing matches', async () => {
    expect(await loadLocale({ de: async () => de }, ['en-GB'])).toBeUndefined()
  })
})

describe('i18n with a Locale', () => {
  it('is English left to right by default', () => {
    const i18n = createI18n()
    expect([i18n.tag(), i18n.direction()]).toEqual(['en', 'ltr'])
  })

  it('takes the tag, direction and strings of a Locale, English for keys it leaves out', () => {
    const i18n = createI18n({ tag: 'ar', direction: 'rtl', strings: { 'a.title': 'عنوان {n}' } })
    i18n.register({ 'a.title': 'Title {n}', 'a.other': 'Other' })
    expect([i18n.tag(), i18n.direction()]).toEqual(['ar', 'rtl'])
    expect(i18n.t('a.title', { n: 2 })).toBe('عنوان 2')
    expect(i18n.t('a.other')).toBe('Other')
  })

  it('setLocale switches between a Locale and plain overrides, and tells listeners', () => {
    const i18n = createI18n()
    i18n.register({ 'a.title': 'Title' })
    let heard = 0
    i18n.subscribe(() => heard++)
    i18n.setLocale({ tag: 'de', direction: 'ltr', strings: { 'a.title': 'Titel' } })
    expect([i18n.tag(), i18n.t('a.title')]).toEqual(['de', 'Titel'])
    i18n.setLocale({ 'a.title': 'Heading' })
    expect([i18n.tag(), i18n.direction(), i18n.t('a.title')]).toEqual(['en', 'ltr', 'Heading'])
    expect(heard).toBe(2)
  })

  it('createKernel accepts a Locale as its locale option', () => {
    const kernel = testKernel({ locale: { tag: 'ja', direction: 'ltr', strings: { 'a.title': 'タイトル' } } })
    expect([kernel.i18n.tag(), kernel.i18n.t('a.title')]).toEqual(['ja', 'タイトル'])
  })

  it('createKernel refuses a Locale with an unknown direction', () => {
    expect(() =>
      testKernel({ locale: { tag: 'x', direction: 'up', strings: {} } as unknown as Locale }),
    ).toThrow(/locale/)
  })
})
