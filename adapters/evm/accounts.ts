import type { Account } from 'latchkit'
import { isAddress, toChecksumAddress } from './address'

/**
 * Turns a wallet's account list (`eth_accounts`, `eth_requestAccounts`, `accountsChanged`)
 * into checksummed EOA accounts. Entries that are not addresses are dropped rather than
 * trusted; a non-array answer counts as no accounts.
 *
 * @example
 * toAccounts(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])
 * // [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }]
 */
export function toAccounts(value: unknown): Account[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((item): item is string => typeof item === 'string' && isAddress(item, { strict: false }))
    .map((address) => ({ address: toChecksumAddress(address), type: 'eoa' }))
}
