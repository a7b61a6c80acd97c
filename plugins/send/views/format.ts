import { formatUnits } from 'latchkit'
import { numberFormat } from 'latchkit/react'
import type { FeeEstimate } from '../state'

// Fees are tiny: significant digits say more than the 3 decimals of a balance.
const FEE_DIGITS = { maximumSignificantDigits: 4 }
const USD = { style: 'currency', currency: 'USD' } as const

/**
 * A fee in the language `tag`'s digits (the kernel's `i18n.tag()`).
 *
 * @example
 * formatFee({ fee: 21000n * 1875000000n, symbol: 'ETH', decimals: 18, minimumBalance: 0n }) // '0.00003938 ETH'
 */
export function formatFee(fee: FeeEstimate, tag = 'en'): string {
  return `${numberFormat(tag, FEE_DIGITS).format(Number(formatUnits(fee.fee, fee.decimals)))} ${fee.symbol}`
}

/**
 * A worth in USD, written as the language `tag` writes amounts.
 *
 * @example
 * formatUsd('6000.5') // '$6,000.50'
 * formatUsd('6000.5', 'de') // '6.000,50 $'
 */
export function formatUsd(value: string, tag = 'en'): string {
  const amount = Number(value)
  return Number.isFinite(amount) ? numberFormat(tag, USD).format(amount) : value
}

/** A link target that cannot run script: http(s) only (explorer URLs come from config). */
export function safeLinkUrl(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined
}
