import { ValidationError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { coinTypeOf } from './coinTypeOf'

describe('coinTypeOf (ENSIP-11)', () => {
  it('is 60 for Ethereum and 0x80000000 | chainId for other EVM chains', () => {
    expect(coinTypeOf(1)).toBe(60)
    expect(coinTypeOf(10)).toBe(2147483658)
    expect(coinTypeOf(8453)).toBe(2147492101)
    expect(coinTypeOf(31337)).toBe(0x8000_0000 + 31337)
    expect(coinTypeOf(0x7fff_ffff)).toBe(0xffff_ffff)
  })

  it('refuses a chain id that has no coin type, with a named error', () => {
    for (const chainId of [0, -1, 1.5, Number.NaN, 0x8000_0000, 2 ** 40]) {
      const thrown = (() => {
        try {
          coinTypeOf(chainId)
        } catch (error) {
          return error
        }
      })()
      expect(thrown).toBeInstanceOf(ValidationError)
      expect(thrown).toMatchObject({ code: 'ENS_INVALID_CHAIN_ID' })
    }
    expect(() => coinTypeOf(0x8000_0000)).toThrow('Chain id 2147483648 has no ENS coin type')
  })
})
