import { formatUnits, parseUnits, ValidationError } from 'latchkit'
import { swapsMessages } from './messages'
import type { SwapToken } from './state'
import { isNativeSwapToken } from './swapTokens'

/**
 * Gas a swap is budgeted: a two-hop Uniswap V2 swap uses about 180,000; the rest is
 * headroom, so Max never leaves too little native currency to pay for the swap itself.
 */
export const SWAP_GAS_BUDGET = 250_000n
/** Gas an ERC-20 approval is budgeted. */
export const APPROVE_GAS_BUDGET = 60_000n

/**
 * The typed amount in the token's base units; undefined for an empty field. Throws a
 * ValidationError (SWAP_INVALID_AMOUNT) for text that is not an amount of this token.
 *
 * @example
 * swapBaseUnits('1.5', usdc) // 1_500_000n
 */
export function swapBaseUnits(typed: string, token: SwapToken): bigint | undefined {
  if (typed.trim() === '') return undefined
  try {
    return parseUnits(typed.trim(), token.decimals)
  } catch (cause) {
    throw new ValidationError(swapsMessages.SWAP_INVALID_AMOUNT, { code: 'SWAP_INVALID_AMOUNT', cause })
  }
}

/**
 * The most of `token` a swap can spend, in base units: the whole balance of a token, and
 * for the native currency the balance less the gas of an approval and a swap at `gasPrice`
 * (0 when that is more than the balance).
 *
 * @example
 * maxSwapAmount({ ...eth, balance: '1' }, 2_000_000_000n) // 10n ** 18n - 310_000n * 2_000_000_000n
 */
export function maxSwapAmount(token: SwapToken, gasPrice: bigint): bigint {
  let balance: bigint
  try {
    balance = parseUnits(token.balance ?? '0', token.decimals)
  } catch {
    return 0n
  }
  if (!isNativeSwapToken(token)) return balance
  const reserve = (SWAP_GAS_BUDGET + APPROVE_GAS_BUDGET) * gasPrice
  return balance > reserve ? balance - reserve : 0n
}

/**
 * An amount for the field: whole units, at most 6 decimals, rounded down so a shown Max
 * is never more than can be spent.
 *
 * @example
 * shownAmount(1_234_567_891n, 9) // '1.234567'
 */
export function shownAmount(amount: bigint, decimals: number): string {
  const text = formatUnits(amount, decimals)
  const [whole, fraction = ''] = text.split('.')
  const cut = fraction.slice(0, 6).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : (whole as string)
}
