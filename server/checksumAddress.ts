/**
 * EVM addresses as the command line and the config file read them: checked for form and
 * written in their EIP-55 checksum case. Here rather than through viem because the
 * command reads its configuration before it opens its port, and viem's module graph would
 * add most of a second to that on a busy machine; keccak from @noble/hashes is all it takes.
 */
import { keccak_256 } from '@noble/hashes/sha3'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Whether `value` is 20 bytes of hex with its `0x` (any case: a checksum is not required).
 *
 * @example isHexAddress('0x7a250d5630b4cf539739df2c5dacb4c659f2488d') // true
 */
export function isHexAddress(value: string): value is `0x${string}` {
  return HEX_ADDRESS.test(value)
}

/**
 * The EIP-55 form of an address: each hex letter upper case where the keccak-256 of the
 * lower-case address has a nibble of 8 or more.
 *
 * @example checksumAddress('0x7a250d5630b4cf539739df2c5dacb4c659f2488d') // '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
 */
export function checksumAddress(address: string): `0x${string}` {
  if (!isHexAddress(address)) throw new Error(`${address} is not an address (0x and 40 hex digits)`)
  const lower = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    const char = lower[i] as string
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}
