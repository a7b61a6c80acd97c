/** The language the widget ships with; it needs no entry and always counts as available. */
const ENGLISH = 'en'

/**
 * The tag of the language to show, chosen from the `available` tags (or the keys of a
 * record of loaders) for a visitor who prefers `preferred` (the browser's languages by
 * default): the first preferred language that matches a tag exactly, or by its language
 * alone ('pt' and 'pt-PT' pick 'pt-BR', 'de-AT' picks 'de', 'zh' picks 'zh-CN'). English is
 * built in, so a visitor who prefers English before any available language gets 'en', and
 * so does one nothing matches. Case is ignored; the tag comes back as `available` spells it.
 *
 * @example
 * pickLocale(['de', 'pt-BR', 'zh-CN'], ['pt', 'en']) // 'pt-BR'
 * pickLocale({ de: () => import('latchkit/locales/de') }, ['de-AT']) // 'de'
 * pickLocale(['de'], ['fr-FR']) // 'en'
 */
export function pickLocale(
  available: readonly string[] | Record<string, unknown>,
  preferred: readonly string[] = browserLanguages(),
): string {
  const tags = Array.isArray(available) ? available : Object.keys(available)
  for (const wanted of preferred) {
    const match = matchTag(tags, wanted)
    if (match) return match
  }
  return ENGLISH
}

function matchTag(tags: readonly string[], wanted: string): string | undefined {
  const lower = wanted.toLowerCase()
  const language = primaryLanguage(lower)
  if (language === ENGLISH) return tags.find((tag) => tag.toLowerCase() === lower) ?? ENGLISH
  return (
    tags.find((tag) => tag.toLowerCase() === lower) ??
    tags.find((tag) => primaryLanguage(tag.toLowerCase()) === language)
  )
}

function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0] ?? tag
}

/** The browser's preferred languages; none on a server. */
function browserLanguages(): readonly string[] {
  const browser = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } })
    .navigator
  if (browser?.languages?.length) return browser.languages
  return browser?.language ? [browser.language] : []
}
