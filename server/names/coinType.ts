/**
 * ENSIP-11 coin types: the number an ENS address record is kept under for one chain.
 * Ethereum keeps SLIP-44's 60; every other EVM chain `0x80000000 | chainId` (viem's
 * `toCoinType`). This file goes the other way, from a coin type a client sent to its chain.
 */
import { BadRequest } from '../api/httpErrors.js'

/** SLIP-44's Ethereum: the coin type of Ethereum mainnet's address records. */
export const ETHEREUM_COIN_TYPE = 60

const EVM_BIT = 0x8000_0000

/**
 * The EVM chain a coin type stands for, refusing one that is not an EVM chain's
 * (`COIN_TYPE_UNSUPPORTED`).
 *
 * @example chainOfCoinType(60) // 1
 * @example chainOfCoinType(2147492101) // 8453
 */
export function chainOfCoinType(coinType: number): number {
  if (coinType === ETHEREUM_COIN_TYPE) return 1
  const chainId = coinType - EVM_BIT
  if (!Number.isSafeInteger(coinType) || chainId < 1 || chainId >= EVM_BIT) {
    throw new BadRequest(
      `coin_type ${coinType} is not an EVM chain's (60, or 0x80000000 | chainId)`,
      'COIN_TYPE_UNSUPPORTED',
    )
  }
  return chainId
}
