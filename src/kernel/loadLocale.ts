import type { Locale } from './locale'
import { pickLocale } from './pickLocale'

/** Loads one locale module: an entry's dynamic import, or anything resolving to a Locale. */
export type LocaleLoader = () => Promise<Locale | { default: Locale }>

/**
 * Loads only the locale the visitor's browser prefers (see {@link pickLocale}), so an app
 * bundles none of the others; resolves to `undefined` when English fits best.
 *
 * @example
 * const locale = await loadLocale({
 *   de: () => import('latchkit/locales/de'),
 *   ar: () => import('latchkit/locales/ar'),
 * })
 * const kernel = createKernel({ networks, locale })
 */
export async function loadLocale(
  loaders: Record<string, LocaleLoader>,
  preferred?: readonly string[],
): Promise<Locale | undefined> {
  const load = loaders[pickLocale(loaders, preferred)]
  if (!load) return undefined
  const loaded = await load()
  return 'default' in loaded ? loaded.default : loaded
}
