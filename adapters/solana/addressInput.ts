/**
 * What an address field holds while someone types a Solana address: the adapter's
 * `isAddressPrefix` and `looksLikeAddress` (`isSolanaAddress` says when it is done).
 * A Solana address is a 32-byte public key in base58: 32 to 44 characters of the
 * bitcoin alphabet (no 0, O, I or l).
 */

const base58Pattern = /^[1-9A-HJ-NP-Za-km-z]*$/
/** Base58 of 32 bytes is at most 44 characters (at least 32: each leading zero byte is '1'). */
const MAX_ADDRESS_LENGTH = 44
const MIN_ADDRESS_LENGTH = 32

/**
 * True while `text` can still grow into an address by typing: base58 characters only,
 * fewer than an address can have.
 *
 * @example
 * isSolanaAddressPrefix('9xQeWvG8') // true
 * isSolanaAddressPrefix('0x7099') // false: 0 and x are not base58
 */
export function isSolanaAddressPrefix(text: string): boolean {
  return text.length < MAX_ADDRESS_LENGTH && base58Pattern.test(text)
}

/**
 * True for base58 text at least as long as the shortest address: an address or a
 * mistyped one (a character lost or added), never a name to look up. Shorter base58
 * text may be a name, so it is not claimed.
 *
 * @example
 * looksLikeSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFi') // true (one lost)
 * looksLikeSolanaAddress('bonfida') // false: may be a name
 */
export function looksLikeSolanaAddress(text: string): boolean {
  return text.length >= MIN_ADDRESS_LENGTH && base58Pattern.test(text)
}
