import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAddress } from './address'
import { isEvmAddressPrefix, looksLikeEvmAddress } from './addressInput'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('an EVM address being typed', () => {
  it('every beginning of an address is a prefix; the whole address is not', () => {
    for (let length = 0; length < BOB.length; length++) {
      expect(isEvmAddressPrefix(BOB.slice(0, length)), BOB.slice(0, length)).toBe(true)
    }
    expect(isEvmAddressPrefix(BOB)).toBe(false)
  })

  it('no prefix without 0x, with a non-hex character, or past 40 digits', () => {
    for (const text of ['7099', 'x70', '0y', '0x70g', `${BOB}0`, 'alice.eth', ' 0x70']) {
      expect(isEvmAddressPrefix(text), text).toBe(false)
    }
  })

  it('anything that can still become an address is a prefix (property)', () => {
    const hex = fc.stringMatching(/^[0-9a-fA-F]{40}$/)
    fc.assert(
      fc.property(hex, fc.integer({ min: 0, max: 41 }), (digits, cut) => {
        const text = `0x${digits.toLowerCase()}`.slice(0, cut)
        expect(isEvmAddressPrefix(text)).toBe(true)
        expect(isAddress(`0x${digits.toLowerCase()}`)).toBe(true)
      }),
    )
  })

  it('hex after 0x looks like an address whatever its length or checksum; a name does not', () => {
    for (const text of [
      '0x',
      '0x70',
      BOB,
      BOB.toLowerCase(),
      '0x70997970c51812dc3A010C7d01b50e0d17dc79C8',
      `${BOB}ff`,
    ]) {
      expect(looksLikeEvmAddress(text), text).toBe(true)
    }
    for (const text of [
      'alice.eth',
      'vitalik',
      '70997970',
      '0xalice',
      '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    ]) {
      expect(looksLikeEvmAddress(text), text).toBe(false)
    }
  })
})
