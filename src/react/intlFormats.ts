// Formatters by language and options, made on first use (one costs 10-24 ms to build) and
// kept: a locale switch asks for the new language's and the old ones stay for a switch back.
// The server and the browser format with the same tag, so their digits match (hydration).
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  tag: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind} ${tag} ${JSON.stringify(options)}`
  let formatter = formatters.get(key) as F | undefined
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * A number format for the language `tag` (the kernel's `i18n.tag()`), made once per tag
 * and options.
 *
 * @example
 * numberFormat('de', { maximumFractionDigits: 1 }).format(1234.5) // '1.234,5'
 */
export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', tag, options, () => new Intl.NumberFormat(tag, options))
}

/**
 * A date format for the language `tag`, made once per tag and options.
 *
 * @example
 * dateTimeFormat('fr', { month: 'long', year: 'numeric' }).format(new Date(2026, 2, 1)) // 'mars 2026'
 */
export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('date', tag, options, () => new Intl.DateTimeFormat(tag, options))
}

/**
 * A relative time format ('5 min. ago', 'vor 5 Min.') for the language `tag`, made once per
 * tag and options.
 *
 * @example
 * relativeTimeFormat('de', { numeric: 'auto' }).format(-1, 'day') // 'gestern'
 */
export function relativeTimeFormat(
  tag: string,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat {
  return cached('relative', tag, options, () => new Intl.RelativeTimeFormat(tag, options))
}
