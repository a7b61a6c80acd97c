import { dateTimeFormat, relativeTimeFormat } from 'latchkit/react'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
]

/**
 * When something happened, in the short form: '5 min. ago', '3 hr. ago', 'yesterday'; past
 * a week, the date ('Mar 5', with the year when it is not this year's), in the language
 * `tag` (the kernel's `i18n.tag()`).
 *
 * @example
 * shortRelativeTime('2026-11-24T10:00:00Z', Date.parse('2026-11-24T10:05:00Z')) // '5 min. ago'
 * shortRelativeTime('2026-11-24T10:00:00Z', Date.parse('2026-11-24T10:05:00Z'), 'de') // 'vor 5 Min.'
 */
export function shortRelativeTime(iso: string, now: number = Date.now(), tag = 'en'): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ''
  let amount = Math.max(0, Math.round((now - then) / 1000))
  const relative = relativeTimeFormat(tag, { style: 'short', numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (amount < size) return relative.format(-amount, unit)
    amount = Math.floor(amount / size)
  }
  const when = new Date(then)
  if (when.getFullYear() === new Date(now).getFullYear())
    return dateTimeFormat(tag, { month: 'short', day: 'numeric' }).format(when)
  return dateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric' }).format(when)
}
