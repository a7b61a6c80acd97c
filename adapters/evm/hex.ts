/**
 * The two hex encodings the adapter sends to wallets and nodes. Written here rather than
 * imported from viem: any import of viem's entry costs about 40 KB gzip under code
 * splitting (see evmAdapter.ts), far more than these few lines.
 */
import type { Hex } from './address'

/**
 * A non-negative integer as a JSON-RPC quantity: `0x` and hex digits, no leading zeros.
 *
 * @example
 * numberToHex(8453) // '0x2105'
 * numberToHex(0n) // '0x0'
 */
export function numberToHex(value: number | bigint): Hex {
  return `0x${value.toString(16)}`
}

/**
 * UTF-8 text as `0x`-hex bytes, the form `personal_sign` is sent in.
 *
 * @example
 * utf8ToHex('Hi') // '0x4869'
 */
export function utf8ToHex(text: string): Hex {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as Hex
}
