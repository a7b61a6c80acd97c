import { ValidationError } from 'latchkit'
import { formatMessage } from 'latchkit/internal'

/**
 * The message of a chain id without a coin type (ENS_INVALID_CHAIN_ID in messages.ts). Kept
 * here so that `coinTypeOf`, exported by the plugin's entry, brings no other message into
 * an app's start-up code.
 */
export const INVALID_CHAIN_ID_MESSAGE = 'Chain id {chainId} has no ENS coin type'

/** SLIP-44's coin type of Ethereum: mainnet's address records are kept under it. */
const ETHEREUM_COIN_TYPE = 60
/** ENSIP-11: every other EVM chain's coin type is its chain id with this bit set. */
const EVM_BIT = 0x8000_0000

/**
 * The ENSIP-11 coin type an ENS name keeps its address for an EVM chain under: 60 for
 * Ethereum (chain 1), `(0x80000000 | chainId) >>> 0` for every other chain. A chain id
 * that is not a positive integer below 0x80000000 has none: a ValidationError
 * (`ENS_INVALID_CHAIN_ID`).
 *
 * @example
 * coinTypeOf(1) // 60
 * coinTypeOf(8453) // 2147492101
 */
export function coinTypeOf(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 1 || chainId >= EVM_BIT) {
    throw new ValidationError(formatMessage(INVALID_CHAIN_ID_MESSAGE, { chainId: String(chainId) }), {
      code: 'ENS_INVALID_CHAIN_ID',
      details: 'ENSIP-11 coin types exist for EVM chain ids from 1 to 0x7fffffff',
    })
  }
  return chainId === 1 ? ETHEREUM_COIN_TYPE : (EVM_BIT | chainId) >>> 0
}
