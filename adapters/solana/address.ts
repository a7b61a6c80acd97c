import { isAddress } from '@solana/kit'

/**
 * True for a Solana address: base58 that decodes to exactly 32 bytes (an ed25519 public
 * key or a program-derived address).
 *
 * @example
 * isSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin') // true
 * isSolanaAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // false
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && isAddress(value)
}
