/**
 * RFC 3339 `date-time` (section 5.6), e.g. `2021-09-30T16:25:24Z` or
 * `2021-09-30T18:25:24.5+02:00`, read strictly: the date must exist on the Gregorian
 * calendar (no 30 February, no 29 February outside leap years, no day 31 of a 30-day
 * month), hours run 00-23 (no 24:00), minutes and seconds 00-59, offsets at most 23:59.
 * A second of 60 is a leap second and is accepted only where one can fall: at 23:59:60
 * UTC on 30 June or 31 December; it reads as the next day's 00:00:00 UTC. `T` and `Z`
 * may be lower case, as RFC 3339 allows. Fractions of a second beyond milliseconds are
 * dropped.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month (1-12) of a Gregorian year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/**
 * The instant an RFC 3339 date-time names, or undefined when the text is not one or
 * names a time that does not exist.
 *
 * @example
 * parseDateTime('2021-09-30T16:25:24Z') // Date 2021-09-30T16:25:24.000Z
 * parseDateTime('2023-02-30T00:00:00Z') // undefined: there is no 30 February
 * parseDateTime('2023-01-01T24:00:00Z') // undefined: hours end at 23
 */
export function parseDateTime(text: string): Date | undefined {
  const match = DATE_TIME.exec(text)
  if (!match) return undefined
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 60) return undefined
  let offsetMinutes = 0
  if (!zulu) {
    const offsetHour = Number(oh)
    const offsetMinute = Number(om)
    if (offsetHour > 23 || offsetMinute > 59) return undefined
    offsetMinutes = (sign === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute)
  }
  const milliseconds = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, Math.min(second, 59), milliseconds)
  let time = date.getTime() - offsetMinutes * 60_000
  if (second === 60) {
    // A leap second is 23:59:60 UTC at the end of June or December, nowhere else.
    const utc = new Date(time)
    const endOfMonth = utc.getUTCDate() === daysInMonth(utc.getUTCFullYear(), utc.getUTCMonth() + 1)
    const juneOrDecember = utc.getUTCMonth() === 5 || utc.getUTCMonth() === 11
    if (!(endOfMonth && juneOrDecember && utc.getUTCHours() === 23 && utc.getUTCMinutes() === 59)) {
      return undefined
    }
    time = time - milliseconds + 1000
  }
  return new Date(time)
}
