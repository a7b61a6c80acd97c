import { type Kernel, type Network, parseUnits, ValidationError } from 'latchkit'
import { type SwapsMessageCode, swapsMessages } from './messages'
import { swapsSlice } from './slice'
import type { SwapQuote, SwapToken } from './state'
import { APPROVE_GAS_BUDGET, SWAP_GAS_BUDGET, swapBaseUnits } from './swapAmount'
import { swapConnection } from './swapConnection'
import { heldSwapTokens, isNativeSwapToken, sameToken } from './swapTokens'
import { quoteKey } from './updateSwapQuote'

/** A swap that passed every check the widget can make, in base units. */
export interface PreparedSwap {
  network: Network
  address: string
  source: SwapToken
  target: SwapToken
  /** Base units of `source`. */
  amount: bigint
  /** The amount as the field shows it. */
  typed: string
  quote: SwapQuote
  /** The least of `target` the swap may deliver: the quote less the slippage. */
  minimumOut: bigint
  /** Whether the router must be allowed to spend `amount` first. */
  needsApproval: boolean
}

function refuse(code: SwapsMessageCode, details?: string): never {
  throw new ValidationError(swapsMessages[code], { code, ...(details && { details }) })
}

/**
 * The least the quote may shrink to: `toAmount` less `slippage` percent, rounded down.
 *
 * @example
 * minimumOutOf(1_000_000n, 1) // 990_000n
 */
export function minimumOutOf(toAmount: bigint, slippage: number): bigint {
  const basisPoints = BigInt(Math.round(slippage * 100))
  return (toAmount * (10_000n - basisPoints)) / 10_000n
}

/**
 * Checks the swap form in the order the visitor reads it and throws a ValidationError for
 * the first problem, so the wallet is never asked for a swap that cannot work. Its `code`:
 * SWAPS_EVM_ONLY or SWAPS_UNSUPPORTED_NETWORK, SWAP_TOKENS_REQUIRED, SWAP_SAME_TOKEN,
 * SWAP_INVALID_AMOUNT, SWAP_AMOUNT_REQUIRED, SWAP_INSUFFICIENT_BALANCE, the quote's
 * problem (INSUFFICIENT_LIQUIDITY) or SWAP_QUOTE_REQUIRED while none is in, and
 * SWAP_INSUFFICIENT_GAS when the native balance cannot pay the network fee.
 *
 * @example
 * try { const swap = prepareSwap(kernel) } catch (error) { show(error.shortMessage) }
 */
export function prepareSwap(kernel: Kernel): PreparedSwap {
  const { network, address } = swapConnection(kernel)
  const form = swapsSlice(kernel).get()
  const { sourceToken, toToken } = form
  if (!sourceToken || !toToken) refuse('SWAP_TOKENS_REQUIRED')
  if (sameToken(sourceToken, toToken)) refuse('SWAP_SAME_TOKEN')
  const typed = (form.maxAmount ?? form.sourceTokenAmount).trim()
  const amount = swapBaseUnits(typed, sourceToken)
  if (!amount) refuse('SWAP_AMOUNT_REQUIRED')

  // Balances are read again: what was picked a minute ago may hold less by now.
  const namespace = network.chainNamespace
  const account = kernel.getState().accounts[namespace]
  const held = account ? heldSwapTokens(account, network) : []
  const current = held.find((token) => sameToken(token, sourceToken))
  // The held entries carry today's balance and price; the form's copy may be the API's.
  const target = held.find((token) => sameToken(token, toToken)) ?? toToken
  const balance = current?.balance ? parseUnits(current.balance, sourceToken.decimals) : 0n
  if (amount > balance) {
    refuse(
      'SWAP_INSUFFICIENT_BALANCE',
      `${form.sourceTokenAmount} ${sourceToken.symbol} is more than ${current?.balance ?? 0}`,
    )
  }

  if (form.quoteProblem) {
    throw new ValidationError(form.quoteProblem.message, { code: form.quoteProblem.code })
  }
  const quote = form.quote
  if (
    !quote ||
    quote.from !== sourceToken.address ||
    quote.to !== toToken.address ||
    quote.fromAmount !== amount
  ) {
    refuse('SWAP_QUOTE_REQUIRED', `quote for ${quoteKey(form)} not in yet`)
  }

  const needsApproval =
    !isNativeSwapToken(sourceToken) && (form.allowance === undefined || form.allowance < amount)
  if (form.gasPrice !== undefined && account?.balance !== undefined) {
    const gas = (SWAP_GAS_BUDGET + (needsApproval ? APPROVE_GAS_BUDGET : 0n)) * form.gasPrice
    const spent = gas + (isNativeSwapToken(sourceToken) ? amount : 0n)
    const native = parseUnits(account.balance, network.nativeCurrency.decimals)
    if (spent > native) refuse('SWAP_INSUFFICIENT_GAS')
  }
  return {
    network,
    address,
    source: current ?? sourceToken,
    target,
    amount,
    typed,
    quote,
    minimumOut: minimumOutOf(quote.toAmount, form.settings.slippage),
    needsApproval,
  }
}
