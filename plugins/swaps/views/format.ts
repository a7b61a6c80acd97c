import { formatUnits } from 'latchkit'
import { numberFormat } from 'latchkit/react'
import { shownAmount } from '../swapAmount'

const USD = { style: 'currency', currency: 'USD' } as const

/**
 * A worth in USD ('$1,234.56'), written as the language `tag` writes amounts, or undefined
 * without a price to base it on.
 *
 * @example
 * usdWorth(10n ** 17n, 18, 2000) // '$200.00'
 * usdWorth(10n ** 17n, 18, 2000, 'de') // '200,00 $'
 */
export function usdWorth(
  amount: bigint | undefined,
  decimals: number,
  price: number,
  tag = 'en',
): string | undefined {
  if (amount === undefined || !price) return undefined
  const worth = Number(formatUnits(amount, decimals)) * price
  return Number.isFinite(worth) ? numberFormat(tag, USD).format(worth) : undefined
}

/**
 * A percent as the preview shows it: two decimals, '<0.01%' for less.
 *
 * @example
 * percentText(0.004) // '<0.01%'
 */
export function percentText(percent: number): string {
  if (percent > 0 && percent < 0.01) return '<0.01%'
  return `${Number(percent.toFixed(2))}%`
}

/**
 * How much of `to` one whole `from` buys at the quote ('1 ETH = 1994.01 LUSD').
 *
 * @example
 * rateText(10n ** 17n, 18, 'ETH', 199_401_000n, 6, 'LUSD') // '1 ETH = 1994.01 LUSD'
 */
export function rateText(
  fromAmount: bigint,
  fromDecimals: number,
  fromSymbol: string,
  toAmount: bigint,
  toDecimals: number,
  toSymbol: string,
): string {
  if (fromAmount === 0n) return '-'
  // toAmount per whole `from`, in `to` base units, kept as an integer division.
  const perWhole = (toAmount * 10n ** BigInt(fromDecimals)) / fromAmount
  return `1 ${fromSymbol} = ${shownAmount(perWhole, toDecimals)} ${toSymbol}`
}
