import { ValidationError } from './errors'

// Digits with at most one decimal point; '.5' and '5.' are accepted as people type them.
const decimalPattern = /^(\d*)(?:\.(\d*))?$/

/**
 * Parses a decimal amount into base units exactly, with bigint arithmetic only: a float
 * would turn '0.1' of a 6-decimal token into 99999 base units or lose digits of an
 * 18-decimal amount. The inverse of {@link formatUnits} for amounts of zero and more.
 *
 * Throws a ValidationError (code `INVALID_AMOUNT`) for anything but plain digits with one
 * optional point, and for more fractional digits than the token has (trailing zeros
 * excepted): refusing is safer than silently rounding what someone meant to send.
 *
 * Its own module, apart from formatUnits: only forms parse amounts, and they load lazily,
 * while formatUnits is on every app's start-up path.
 *
 * @example
 * parseUnits('1.5', 6) // 1500000n
 * parseUnits('0.000000000000000001', 18) // 1n
 * parseUnits('1.0000001', 6) // throws: at most 6 decimals
 */
export function parseUnits(value: string, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw invalidAmount(`decimals must be an integer from 0 to 255, got ${decimals}`)
  }
  const text = value.trim()
  const match = decimalPattern.exec(text)
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '')) throw invalidAmount(`not a decimal number: '${text}'`)
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw invalidAmount(`at most ${decimals} decimals are allowed`)
  }
  return BigInt(`${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}` || '0')
}

function invalidAmount(details: string): ValidationError {
  return new ValidationError('Invalid amount', { code: 'INVALID_AMOUNT', details })
}
