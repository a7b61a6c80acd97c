// Made on first use: a formatter costs milliseconds to build.
let relative: Intl.RelativeTimeFormat | undefined
let date: Intl.DateTimeFormat | undefined
let dateWithYear: Intl.DateTimeFormat | undefined

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
]

/**
 * When something happened, in the short form: '5 min. ago', '3 hr. ago', 'yesterday'; past
 * a week, the date ('Mar 5', with the year when it is not this year's).
 *
 * @example
 * shortRelativeTime('2026-11-24T10:00:00Z', Date.parse('2026-11-24T10:05:00Z')) // '5 min. ago'
 */
export function shortRelativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ''
  let amount = Math.max(0, Math.round((now - then) / 1000))
  relative ??= new Intl.RelativeTimeFormat('en-US', { style: 'short', numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (amount < size) return relative.format(-amount, unit)
    amount = Math.floor(amount / size)
  }
  date ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
  const when = new Date(then)
  if (when.getFullYear() === new Date(now).getFullYear()) return date.format(when)
  dateWithYear ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  return dateWithYear.format(when)
}
