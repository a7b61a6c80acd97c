/**
 * Formats a base-unit amount (wei, lamports, token units) as a decimal string of whole
 * units, exactly: bigint arithmetic only, trailing zeros removed. The one formatter every
 * adapter, the kernel and the plugins share, whatever the chain's decimals.
 *
 * @example
 * formatUnits(1500000n, 6) // '1.5'
 * formatUnits(1_500_000_000n, 9) // '1.5'
 * formatUnits(-5n, 2) // '-0.05'
 * formatUnits(500n, 0) // '500'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
