import { numberFormat } from './intlFormats'

/** The image URL rule, shared with the adapters' wallet-icon checks. */
export { safeImageUrl } from 'latchkit/internal'

/**
 * Addresses show 4 characters at the start and 6 at the end.
 *
 * @example
 * truncateAddress('0x1234567890abcdef1234567890abcdef12345678') // '0x12...345678'
 */
export function truncateAddress(address: string, start = 4, end = 6): string {
  if (address.length <= start + end + 3) return address
  return `${address.slice(0, start)}...${address.slice(-end)}`
}

const QUANTITY = { minimumFractionDigits: 3, maximumFractionDigits: 3 }

/**
 * Quantities show 3 decimals, written as the language `tag` writes numbers (the kernel's
 * `i18n.tag()`, English by default).
 *
 * @example
 * formatBalance('1.23456', 'ETH') // '1.235 ETH'
 * formatBalance('1234.5', 'ETH', 'de') // '1.234,500 ETH'
 */
export function formatBalance(balance: string | undefined, symbol?: string, tag = 'en'): string | undefined {
  if (balance === undefined || balance === '') return undefined
  const value = Number(balance)
  const amount = Number.isFinite(value) ? numberFormat(tag, QUANTITY).format(value) : balance
  return symbol ? `${amount} ${symbol}` : amount
}

/** A link target that cannot run script: http(s) only. */
export function safeLinkUrl(url: string | null | undefined): string | undefined {
  if (typeof url !== 'string') return undefined
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined
}
