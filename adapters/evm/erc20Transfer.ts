import type { Hex } from './address'

/** The selector of `transfer(address,uint256)`: the first 4 bytes of its keccak-256. */
const TRANSFER_SELECTOR = '0xa9059cbb'

const word = (hex: string) => hex.padStart(64, '0')

/**
 * The calldata of an ERC20 `transfer(to, amount)`: the selector, then the address and the
 * amount as 32-byte words, as any ABI encoder (viem's encodeFunctionData included) writes
 * it. `to` must be a checked address and `amount` fit in a uint256; the caller checks both.
 *
 * @example
 * encodeErc20Transfer('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1n)
 * // '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8' + '0'.repeat(63) + '1'
 */
export function encodeErc20Transfer(to: Hex, amount: bigint): Hex {
  return `${TRANSFER_SELECTOR}${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`
}
