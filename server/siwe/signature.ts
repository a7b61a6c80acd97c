import type { Hex } from 'viem'
import { SiweVerifyError } from './errors.js'

/**
 * The shortest signature taken: 65 bytes, `r`, `s` and `v`, as a key pair signs (ERC-191).
 * A contract account (EIP-1271) signs with 65 bytes or more. The 64-byte compact form of
 * EIP-2098 is not taken: the signature check does not recover a key from it.
 */
export const MIN_SIGNATURE_BYTES = 65

/**
 * The longest signature taken: 10,000 bytes (20,000 hex digits). Room for a contract
 * account's signature wrapped in ERC-6492 (the factory call that deploys it, a few
 * hundred bytes to a few kilobytes), and a bound on what a request makes the chain check.
 */
export const MAX_SIGNATURE_BYTES = 10_000

const HEX = /^0x(?:[0-9a-fA-F]{2})+$/

/**
 * The signature as the chain check takes it: `0x`, then whole bytes (an even number of
 * hex digits, so no half byte is silently dropped or padded), between
 * {@link MIN_SIGNATURE_BYTES} and {@link MAX_SIGNATURE_BYTES} bytes. Anything else is a
 * `signature_malformed` refusal.
 *
 * @example
 * checkSignature(await account.signMessage({ message })) // the same hex
 * checkSignature('0xabc') // throws SiweVerifyError('signature_malformed')
 */
export function checkSignature(signature: string): Hex {
  const bytes = (signature.length - 2) / 2
  if (bytes < MIN_SIGNATURE_BYTES || bytes > MAX_SIGNATURE_BYTES || !HEX.test(signature)) {
    throw new SiweVerifyError('signature_malformed')
  }
  return signature as Hex
}
