/**
 * EVM address and hex-format rules: `0x` plus 40 hex characters, with the EIP-55 checksum
 * when strict; transaction hashes and signatures as `0x` hex.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { ValidationError } from 'latchkit'

/** A `0x`-prefixed hex string. */
export type Hex = `0x${string}`

const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/
const signedMessagePattern = /^0x[0-9a-fA-F]{62,}$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * True for `0x` followed by exactly 64 hex characters .
 *
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 */
export function isTransactionHash(value: unknown): value is Hex {
  return typeof value === 'string' && transactionHashPattern.test(value)
}

/**
 * True for `0x` followed by 62 or more hex characters .
 *
 * @example
 * isSignedMessage(`0x${'1b'.repeat(65)}`) // true
 */
export function isSignedMessage(value: unknown): value is Hex {
  return typeof value === 'string' && signedMessagePattern.test(value)
}

/**
 * The EIP-55 checksummed form of an EVM address. Throws a ValidationError when the
 * input is not `0x` plus 40 hex characters; any casing is accepted.
 *
 * @example
 * toChecksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')
 * // '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
 */
export function toChecksumAddress(address: string): Hex {
  if (!addressPattern.test(address)) {
    throw new ValidationError('Invalid input', {
      code: 'VALIDATION_FAILED',
      details: `Not an EVM address: ${address.length > 80 ? `${address.slice(0, 77)}...` : address}`,
    })
  }
  const lower = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const char = lower[i] as string
    // Nibble i of the hash: high nibble of byte i/2 for even i, low nibble for odd i.
    const byte = hash[i >> 1] as number
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as Hex
}

/**
 * True for an EVM address: `0x` plus 40 hex characters .
 *
 * `strict` (the default) adds the EIP-55 rule: an all-lowercase or all-uppercase address
 * is accepted because it carries no checksum (EIP-55 treats both casings as unchecked);
 * a mixed-case one must be exactly the checksummed form. With `strict: false` casing is
 * ignored.
 *
 * @example
 * isAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359') // true
 * isAddress('0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359') // true: all uppercase, no checksum
 * isAddress('0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359') // false: checksum broken
 * isAddress('0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', { strict: false }) // true
 */
export function isAddress(address: unknown, options: { strict?: boolean } = {}): address is Hex {
  if (typeof address !== 'string' || !addressPattern.test(address)) return false
  if (options.strict === false) return true
  const hex = address.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return toChecksumAddress(address) === address
}
