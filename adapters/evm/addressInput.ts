/**
 * What an address field holds while someone types an EVM address: the adapter's
 * `isAddressPrefix` and `looksLikeAddress` (the kernel's `isAddress` says when it is done).
 */

// '', '0', '0x' and up to 39 hex digits after it: one more digit may still complete it.
const prefixPattern = /^(?:0(?:x[0-9a-f]{0,39})?)?$/i
// '0x' and hex digits of any count: nothing else is written that way, so never a name.
const hexPattern = /^0x[0-9a-f]*$/i

/**
 * True while `text` can still grow into an address (`0x` plus 40 hex digits) by typing.
 *
 * @example
 * isEvmAddressPrefix('0x7099') // true
 * isEvmAddressPrefix('7099') // false: an address starts with 0x
 * isEvmAddressPrefix(`0x${'a'.repeat(40)}`) // false: complete, isAddress decides
 */
export function isEvmAddressPrefix(text: string): boolean {
  return prefixPattern.test(text)
}

/**
 * True for `0x` and hex digits, whatever their count or casing: an address, one being
 * typed or a mistyped one, never a name to look up.
 *
 * @example
 * looksLikeEvmAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c') // true (39 digits)
 * looksLikeEvmAddress('alice.eth') // false
 */
export function looksLikeEvmAddress(text: string): boolean {
  return hexPattern.test(text)
}
