/**
 * `value` base units as a decimal string of whole units, without trailing zeros.
 *
 * @example
 * formatUnits(1_500_000_000n, 9) // '1.5'
 * formatUnits(0n, 6) // '0'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString()
  if (decimals === 0) return `${negative ? '-' : ''}${digits}`
  const padded = digits.padStart(decimals + 1, '0')
  const whole = padded.slice(0, -decimals)
  const fraction = padded.slice(-decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
