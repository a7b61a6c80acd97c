import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from './errors'
import { formatUnits } from './formatUnits'
import { parseUnits } from './parseUnits'

// Up to 36 decimals covers every token seen in practice (18 for ETH, 9 for SOL, 6 for USDC).
const decimals = fc.integer({ min: 0, max: 36 })
// Amounts up to 2^256, the largest an EVM balance can be; far beyond SOL's 2^64 lamports.
const baseUnits = fc.bigInt({ min: 0n, max: 2n ** 256n })

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1_500_000n, 6, '1.5'],
    [10n ** 24n, 18, '1000000'],
    [-5n, 2, '-0.05'],
    [500n, 0, '500'],
    // The cases of the Solana adapter's former copy: lamports and 6-decimal SPL tokens.
    [1_500_000_000n, 9, '1.5'],
    [1n, 9, '0.000000001'],
    [10_000_000_000n, 6, '10000'],
  ])('%s with %i decimals is %s', (value, places, text) => {
    expect(formatUnits(value, places)).toBe(text)
  })

  it('writes at most `decimals` fractional digits, never a trailing zero or point', () => {
    fc.assert(
      fc.property(baseUnits, decimals, (value, places) => {
        const text = formatUnits(value, places)
        expect(text).toMatch(/^\d+(\.\d*[1-9])?$/)
        expect(text.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(places)
      }),
    )
  })

  it('writes a negative amount as the minus sign and the positive one', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 256n }), decimals, (value, places) => {
        expect(formatUnits(-value, places)).toBe(`-${formatUnits(value, places)}`)
      }),
    )
  })
})

describe('parseUnits: decimal text to base units, exactly', () => {
  it('converts with the token decimals and no float on the way', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n)
    expect(parseUnits('0.1', 6)).toBe(100_000n)
    expect(parseUnits('.5', 18)).toBe(5n * 10n ** 17n)
    expect(parseUnits('7.', 2)).toBe(700n)
    expect(parseUnits('123456789.123456789123456789', 18)).toBe(123456789123456789123456789n)
    expect(parseUnits('0.000000000000000001', 18)).toBe(1n)
    expect(parseUnits('1.500000', 2)).toBe(150n) // trailing zeros beyond the decimals are harmless
    expect(parseUnits(' 2.5 ', 9)).toBe(2_500_000_000n) // a pasted amount's spaces
  })

  it('refuses what is not a plain amount, and precision the token does not have', () => {
    for (const bad of ['', '.', '-1', '1e6', '1,5', '0x10', '1.2.3', ' 1 2 ']) {
      expect(() => parseUnits(bad, 6), bad).toThrow(/Invalid amount/)
    }
    expect(() => parseUnits('1.0000001', 6)).toThrow(/at most 6 decimals/)
    expect(() => parseUnits('1', 1.5)).toThrow(/decimals must be an integer/)
    expect(() => parseUnits('1', -1)).toThrow(/decimals must be an integer/)
  })

  it('throws a ValidationError with the code INVALID_AMOUNT', () => {
    const error = (() => {
      try {
        parseUnits('abc', 6)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ code: 'INVALID_AMOUNT', shortMessage: 'Invalid amount' })
  })
})

describe('parseUnits and formatUnits together', () => {
  it('parse(format(x)) is x for every amount and decimals 0 to 36', () => {
    fc.assert(
      fc.property(baseUnits, decimals, (value, places) => {
        expect(parseUnits(formatUnits(value, places), places)).toBe(value)
      }),
    )
  })

  it('format(parse(text)) is the text without padding zeros', () => {
    const digits = (max: number) => fc.stringMatching(new RegExp(`^\\d{0,${max}}$`))
    fc.assert(
      fc.property(decimals, digits(40), digits(36), (places, whole, fractionDigits) => {
        const fraction = fractionDigits.slice(0, places)
        fc.pre(whole !== '' || fraction !== '')
        const text = fraction === '' ? whole : `${whole}.${fraction}`
        const expected = `${whole.replace(/^0+(?=\d)/, '') || '0'}.${fraction}`.replace(/\.?0*$/, '')
        expect(formatUnits(parseUnits(text, places), places)).toBe(expected || '0')
      }),
    )
  })
})
