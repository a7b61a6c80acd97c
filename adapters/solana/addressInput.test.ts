import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './address'
import { isSolanaAddressPrefix, looksLikeSolanaAddress } from './addressInput'

const FROM = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

describe('a Solana address being typed', () => {
  it('every beginning of an address is a prefix', () => {
    for (let length = 0; length < FROM.length; length++) {
      expect(isSolanaAddressPrefix(FROM.slice(0, length)), FROM.slice(0, length)).toBe(true)
    }
  })

  it('no prefix with a character base58 leaves out, or at 44 characters', () => {
    for (const text of ['0x7099', '9xQeWvG8O', 'I9xQ', 'l9xQ', ' 9xQ', 'bob.sol', '1'.repeat(44)]) {
      expect(isSolanaAddressPrefix(text), text).toBe(false)
    }
  })

  it('base58 of an address length looks like an address, valid or mistyped; short text may be a name', () => {
    expect(looksLikeSolanaAddress(FROM)).toBe(true)
    const mistyped = FROM.slice(0, 40) // four characters lost: under 32 bytes
    expect(isSolanaAddress(mistyped)).toBe(false)
    expect(looksLikeSolanaAddress(mistyped)).toBe(true)
    expect(looksLikeSolanaAddress(`${FROM}z`)).toBe(true)
    for (const text of [
      'bonfida',
      'bob.sol',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      `${FROM.slice(0, 20)}0`,
    ]) {
      expect(looksLikeSolanaAddress(text), text).toBe(false)
    }
  })

  it('every valid address looks like one (property)', () => {
    const key = fc.uint8Array({ minLength: 32, maxLength: 32 })
    fc.assert(
      fc.property(key, (bytes) => {
        const text = encodeBase58(bytes)
        expect(isSolanaAddress(text)).toBe(true)
        expect(looksLikeSolanaAddress(text)).toBe(true)
        expect(isSolanaAddressPrefix(text.slice(0, -1))).toBe(true)
      }),
    )
  })
})

/** Base58 of bytes, written out here so the test does not share the code it checks. */
function encodeBase58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = base58[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}
