import fc from 'fast-check'
import { ValidationError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { thrown } from '../../test/support/thrown'
import { isAddress, isSignedMessage, isTransactionHash, toChecksumAddress } from './address'
import { assertFeeValues, maxUint256 } from './fees'
import { validateSendCalls } from './sendCalls'

const hexChar = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''))
const hex = (min: number, max: number) => fc.string({ unit: hexChar, minLength: min, maxLength: max })
const lowerHex40 = fc.string({
  unit: fc.constantFrom(...'0123456789abcdef'.split('')),
  minLength: 40,
  maxLength: 40,
})

describe('isTransactionHash', () => {
  it('accepts 0x plus exactly 64 hex characters of any case', () => {
    fc.assert(fc.property(hex(64, 64), (body) => isTransactionHash(`0x${body}`)))
  })

  it('rejects other lengths, a missing prefix and non-hex characters', () => {
    fc.assert(
      fc.property(
        hex(0, 130).filter((s) => s.length !== 64),
        (body) => !isTransactionHash(`0x${body}`),
      ),
    )
    fc.assert(fc.property(hex(64, 64), (body) => !isTransactionHash(body) && !isTransactionHash(`0X${body}`)))
    expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
    expect(isTransactionHash(` 0x${'a'.repeat(64)}`)).toBe(false)
    expect(isTransactionHash(123)).toBe(false)
    expect(isTransactionHash(undefined)).toBe(false)
  })
})

describe('isSignedMessage', () => {
  it('accepts 0x plus 62 or more hex characters', () => {
    fc.assert(fc.property(hex(62, 300), (body) => isSignedMessage(`0x${body}`)))
  })

  it('rejects fewer than 62 and non-hex', () => {
    fc.assert(fc.property(hex(0, 61), (body) => !isSignedMessage(`0x${body}`)))
    expect(isSignedMessage(`0x${'a'.repeat(61)}z`)).toBe(false)
    expect(isSignedMessage(null)).toBe(false)
  })
})

describe('toChecksumAddress and isAddress', () => {
  // The test vectors of EIP-55.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ]

  it('matches the EIP-55 vectors', () => {
    for (const address of vectors) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address)
      expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address)
      expect(isAddress(address)).toBe(true)
    }
  })

  it('accepts every EIP-55 form in strict mode: all lowercase, all uppercase, checksummed', () => {
    fc.assert(
      fc.property(lowerHex40, (lower) => {
        expect(isAddress(`0x${lower}`)).toBe(true)
        expect(isAddress(`0x${lower.toUpperCase()}`)).toBe(true)
        expect(isAddress(toChecksumAddress(`0x${lower}`))).toBe(true)
      }),
    )
    expect(isAddress('0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359')).toBe(true)
    expect(isAddress('0XFB6916095CA1DF60BB79CE92CE3EA74C37C5D359')).toBe(false)
  })

  it('round-trips any address: the checksum ignores input casing, is idempotent and strictly valid', () => {
    fc.assert(
      fc.property(lowerHex40, hex(40, 40), (lower, mixed) => {
        const checksummed = toChecksumAddress(`0x${lower}`)
        expect(checksummed.toLowerCase()).toBe(`0x${lower}`)
        expect(toChecksumAddress(`0x${lower.toUpperCase()}`)).toBe(checksummed)
        expect(toChecksumAddress(checksummed)).toBe(checksummed)
        expect(isAddress(checksummed, { strict: true })).toBe(true)
        expect(isAddress(`0x${mixed}`, { strict: false })).toBe(true)
      }),
    )
  })

  it('in strict mode rejects a mixed-case address whose checksum is broken', () => {
    fc.assert(
      fc.property(
        lowerHex40.filter((s) => /[a-f]/.test(s)),
        fc.nat(),
        (lower, pick) => {
          const checksummed = toChecksumAddress(`0x${lower}`)
          const letters = [...checksummed.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i + 2] : []))
          const at = letters[pick % letters.length] as number
          const char = checksummed[at] as string
          const flipped =
            checksummed.slice(0, at) +
            (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()) +
            checksummed.slice(at + 1)
          // Flipping one letter to the other case breaks the checksum unless the result is
          // all-lowercase or all-uppercase, which carry no checksum and stay valid.
          const digits = flipped.slice(2)
          const unchecked = digits === digits.toLowerCase() || digits === digits.toUpperCase()
          expect(isAddress(flipped)).toBe(unchecked)
          expect(isAddress(flipped, { strict: false })).toBe(true)
        },
      ),
    )
  })

  it('rejects wrong lengths, prefixes and types', () => {
    fc.assert(
      fc.property(
        hex(0, 80).filter((s) => s.length !== 40),
        (body) => !isAddress(`0x${body}`, { strict: false }),
      ),
    )
    expect(isAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
    expect(isAddress(`0x${'z'.repeat(40)}`, { strict: false })).toBe(false)
    expect(isAddress(42)).toBe(false)
    const error = thrown(() => toChecksumAddress('0x1234'))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.code).toBe('VALIDATION_FAILED')
  })
})

describe('assertFeeValues', () => {
  it('rejects gasPrice combined with EIP-1559 fields', () => {
    for (const fees of [
      { gasPrice: 1n, maxFeePerGas: 2n },
      { gasPrice: 1n, maxPriorityFeePerGas: 1n },
      { gasPrice: 0n, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
    ]) {
      const error = thrown(() => assertFeeValues(fees))
      expect(error).toBeInstanceOf(ValidationError)
      expect(error.code).toBe('FEE_CONFLICT')
      expect(error.message).toBe(
        'Cannot specify both a `gasPrice` and a `maxFeePerGas` or `maxPriorityFeePerGas`',
      )
    }
  })

  it('caps maxFeePerGas at 2^256-1', () => {
    expect(() => assertFeeValues({ maxFeePerGas: maxUint256 })).not.toThrow()
    const error = thrown(() => assertFeeValues({ maxFeePerGas: maxUint256 + 1n }))
    expect(error.code).toBe('FEE_CAP_TOO_HIGH')
    expect(error.message).toBe('`maxFeePerGas` cannot be higher than the maximum allowed value (2^256-1)')
  })

  it('keeps the priority fee at or below the max fee', () => {
    expect(() => assertFeeValues({ maxFeePerGas: 5n, maxPriorityFeePerGas: 5n })).not.toThrow()
    const error = thrown(() => assertFeeValues({ maxFeePerGas: 5n, maxPriorityFeePerGas: 6n }))
    expect(error.code).toBe('TIP_ABOVE_FEE_CAP')
    expect(error.message).toBe('`maxPriorityFeePerGas` cannot be higher than `maxFeePerGas`')
  })

  it('accepts each field alone and follows the rules for any values', () => {
    const fee = fc.option(fc.bigInt({ min: 0n, max: maxUint256 * 2n }), { nil: undefined })
    fc.assert(
      fc.property(fee, fee, fee, (gasPrice, maxFeePerGas, maxPriorityFeePerGas) => {
        let expected: string | undefined
        if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
          expected = 'FEE_CONFLICT'
        } else if (maxFeePerGas !== undefined && maxFeePerGas > maxUint256) expected = 'FEE_CAP_TOO_HIGH'
        else if (
          maxFeePerGas !== undefined &&
          maxPriorityFeePerGas !== undefined &&
          maxPriorityFeePerGas > maxFeePerGas
        ) {
          expected = 'TIP_ABOVE_FEE_CAP'
        }
        const fees = { gasPrice, maxFeePerGas, maxPriorityFeePerGas }
        if (expected) expect(thrown(() => assertFeeValues(fees)).code).toBe(expected)
        else expect(() => assertFeeValues(fees)).not.toThrow()
      }),
    )
    expect(() => assertFeeValues({})).not.toThrow()
    expect(() => assertFeeValues({ maxPriorityFeePerGas: maxUint256 * 2n })).not.toThrow()
  })
})

describe('validateSendCalls', () => {
  it('accepts calls whose to and data start with 0x, keeping other fields', () => {
    const calls = [{ to: '0xabc', data: '0x', value: '0x1' }, { to: '0xdef' }]
    expect(validateSendCalls(calls)).toEqual(calls)
  })

  it("names the call whose 'to' or 'data' lacks 0x", () => {
    const badTo = thrown(() => validateSendCalls([{ to: 'abc' }]))
    expect(badTo).toBeInstanceOf(ValidationError)
    expect(badTo.message).toContain('calls: [0].to')
    expect(badTo.message).toContain("must start with '0x'")
    const badData = thrown(() => validateSendCalls([{ to: '0x1' }, { to: '0x2', data: 'deadbeef' }]))
    expect(badData.message).toContain('[1].data')
    expect(thrown(() => validateSendCalls([{ data: '0x' }])).message).toContain('[0].to: expected string')
    expect(thrown(() => validateSendCalls('nope')).message).toContain('(root): expected array')
  })
})
