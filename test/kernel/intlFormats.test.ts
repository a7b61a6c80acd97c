import { dateTimeFormat, formatBalance, numberFormat, relativeTimeFormat } from 'latchkit/react'
import { describe, expect, it } from 'vitest'
import { formatQuantity } from '../../plugins/history/describeTransaction'
import { shortRelativeTime } from '../../plugins/history/relativeTime'
import { formatFee, formatUsd } from '../../plugins/send/views/format'
import { usdWorth } from '../../plugins/swaps/views/format'

const now = Date.parse('2026-11-24T12:00:00Z')
// Intl puts no-break spaces between an amount and its currency; compared as plain spaces.
const spaced = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ')

describe('numbers, amounts and times in the chosen language', () => {
  it('writes numbers as the language does', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(1234.5)).toBe('1.234,5')
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.5)).toBe('1,234.5')
    expect(formatBalance('1234.5', 'ETH', 'de')).toBe('1.234,500 ETH')
    expect(formatBalance('1234.5', 'ETH')).toBe('1,234.500 ETH')
    expect(formatQuantity('1.5', 'LUSD', 'out', 'fr')).toBe('-1,500 LUSD')
  })

  it('writes USD worths and fees in the language, the currency still USD', () => {
    expect(spaced(formatUsd('6000.5', 'de'))).toBe('6.000,50 $')
    expect(formatUsd('6000.5')).toBe('$6,000.50')
    expect(usdWorth(10n ** 17n, 18, 2000, 'ja')).toBe('$200.00')
    expect(spaced(usdWorth(10n ** 17n, 18, 2000, 'pt-BR'))).toBe('US$ 200,00')
    expect(
      formatFee({ fee: 21000n * 1875000000n, symbol: 'ETH', decimals: 18, minimumBalance: 0n }, 'de'),
    ).toBe('0,00003938 ETH')
  })

  it('writes relative times, dates and months in the language', () => {
    expect(shortRelativeTime('2026-11-24T11:55:00Z', now, 'de')).toBe('vor 5 Min.')
    expect(shortRelativeTime('2026-11-23T12:00:00Z', now, 'es')).toBe('ayer')
    expect(shortRelativeTime('2026-11-24T11:55:00Z', now)).toBe('5 min. ago')
    expect(dateTimeFormat('fr', { month: 'long', year: 'numeric' }).format(new Date(2026, 2, 1))).toBe(
      'mars 2026',
    )
    expect(relativeTimeFormat('ar', { numeric: 'auto' }).format(-1, 'day')).toBe('أمس')
  })

  it('keeps one formatter per language and options, so a switch back costs nothing', () => {
    const german = numberFormat('de', { maximumFractionDigits: 1 })
    expect(numberFormat('fr', { maximumFractionDigits: 1 })).not.toBe(german)
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(german)
  })
})
