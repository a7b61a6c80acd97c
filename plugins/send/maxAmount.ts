import { formatUnits, parseUnits, type TokenBalance } from 'latchkit'
import type { FeeEstimate } from './state'
import { isNativeToken } from './tokens'

/**
 * How many fees are kept back when Max is used on the native currency. The estimate uses
 * today's gas price, but the wallet may bid up to about twice the base fee and the node
 * refuses a transaction whose balance cannot cover its fee cap; one fee is not enough.
 */
export const FEE_RESERVE_FACTOR = 2n

/**
 * The largest amount of `token` that can be sent, as a decimal string: the whole balance
 * of a token; for the native currency (it pays the fee too) the balance less
 * {@link FEE_RESERVE_FACTOR} fees and less the minimum the network makes the account keep
 * (Solana's rent-exempt minimum). Never negative. Max puts it in the amount field as it
 * is, every decimal: what the field and the review show is what is sent.
 *
 * @example
 * maxSendable(lusd, fee) // '10000' : tokens pay no fee in themselves
 * maxSendable(eth, { fee: 21000n * 10n ** 9n, symbol: 'ETH', decimals: 18, minimumBalance: 0n }) // '0.999958'
 */
export function maxSendable(token: TokenBalance, fee: FeeEstimate | undefined): string {
  const decimals = Number(token.quantity.decimals)
  let balance: bigint
  try {
    balance = parseUnits(token.quantity.numeric, decimals)
  } catch {
    return token.quantity.numeric
  }
  if (isNativeToken(token) && fee) balance -= fee.fee * FEE_RESERVE_FACTOR + fee.minimumBalance
  return formatUnits(balance > 0n ? balance : 0n, decimals)
}
