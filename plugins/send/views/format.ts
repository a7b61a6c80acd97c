import { formatUnits } from 'latchkit'
import type { FeeEstimate } from '../state'

// Fees are tiny: significant digits say more than the 3 decimals of a balance. A fixed
// locale so server and browser print the same.
const feeDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 })
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * @example
 * formatFee({ fee: 21000n * 1875000000n, symbol: 'ETH', decimals: 18, minimumBalance: 0n }) // '0.00003938 ETH'
 */
export function formatFee(fee: FeeEstimate): string {
  return `${feeDigits.format(Number(formatUnits(fee.fee, fee.decimals)))} ${fee.symbol}`
}

/**
 * @example
 * formatUsd('6000.5') // '$6,000.50'
 */
export function formatUsd(value: string): string {
  const amount = Number(value)
  return Number.isFinite(amount) ? usd.format(amount) : value
}

/** A link target that cannot run script: http(s) only (explorer URLs come from config). */
export function safeLinkUrl(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined
}
