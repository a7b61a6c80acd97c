/// <reference types="vite/client" />
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Locale } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { englishObjects, englishStrings } from './englishStrings'

// Every locale entry (locales/<tag>/index.ts), found by folder so a new language is checked too.
const localeModules = import.meta.glob<{ default: Locale }>('../../locales/*/index.ts', { eager: true })
const locales = Object.entries(localeModules).map(([file, module]) => ({
  folder: file.split('/').at(-2) ?? file,
  locale: module.default,
}))

/** The `{name}` placeholders of a string, sorted, so their order may change in a translation. */
function placeholders(text: string): string {
  return [...text.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .sort()
    .join(', ')
}

/** What is wrong with one locale's strings, one line per key, each naming the locale and the key. */
function problems(tag: string, strings: Record<string, string>): string[] {
  const found: string[] = []
  for (const [key, english] of Object.entries(englishStrings)) {
    const text = strings[key]
    if (text === undefined) found.push(`${tag}: missing ${key}`)
    else if (text.trim() === '') found.push(`${tag}: empty ${key}`)
    else if (placeholders(text) !== placeholders(english))
      found.push(`${tag}: ${key} has {${placeholders(text)}} where English has {${placeholders(english)}}`)
  }
  for (const key of Object.keys(strings)) {
    if (!(key in englishStrings)) found.push(`${tag}: extra ${key} (no English string has it)`)
  }
  return found
}

describe('locales', () => {
  it('gathers the English strings of the core, the errors and every plugin', () => {
    const sources = englishObjects.map((o) => o.source).join('\n')
    for (const expected of [
      'coreStrings',
      'tabStrings',
      'errorStrings',
      'sendViewStrings',
      'receiveViewStrings',
    ])
      expect(sources).toContain(expected)
    expect(englishStrings['error.USER_REJECTED']).toBe('User rejected the request')
  })

  it('gathers every strings object the code declares, whatever its file is called', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url))
    const declared = ['src/react', 'plugins'].flatMap((folder) =>
      readdirSync(`${root}${folder}`, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .flatMap((file) =>
          [
            ...readFileSync(`${root}${folder}/${file}`, 'utf8').matchAll(/^export const (\w+Strings)\b/gm),
          ].map((match) => `${folder}/${file}: ${match[1]}`),
        ),
    )
    expect(declared.length).toBeGreaterThan(10)
    expect(englishObjects.map((o) => o.source).sort()).toEqual(declared.sort())
  })

  it('ships at least de, es, fr, ja, zh-CN, pt-BR, ko and ar, each in the folder named by its tag', () => {
    expect(locales.map((l) => l.folder)).toEqual(
      expect.arrayContaining(['de', 'es', 'fr', 'ja', 'zh-CN', 'pt-BR', 'ko', 'ar']),
    )
    for (const { folder, locale } of locales) expect(locale.tag).toBe(folder)
  })

  it.each(locales)(
    '$folder translates every key, with the same placeholders and nothing extra',
    ({ folder, locale }) => {
      expect(problems(folder, locale.strings)).toEqual([])
    },
  )

  it('reports a key a plugin adds later, by locale and key', () => {
    const strings = { ...(locales[0]?.locale.strings ?? {}) }
    const added = 'myplugin.title'
    englishStrings[added] = 'My plugin'
    try {
      expect(problems('xx', strings)).toContain(`xx: missing ${added}`)
    } finally {
      delete englishStrings[added]
    }
  })

  it('reports an empty string, a changed placeholder and an extra key', () => {
    const strings = {
      ...englishStrings,
      'modal.close': ' ',
      'modal.viewMissing': 'Unknown {screen}',
      'old.key': 'x',
    }
    expect(problems('xx', strings)).toEqual([
      'xx: empty modal.close',
      'xx: modal.viewMissing has {screen} where English has {view}',
      'xx: extra old.key (no English string has it)',
    ])
  })

  it('sets the writing direction: right to left for Arabic only', () => {
    for (const { folder, locale } of locales) expect(locale.direction).toBe(folder === 'ar' ? 'rtl' : 'ltr')
  })
})
