import {
  type Kernel,
  type LatchError,
  refreshBalance,
  refreshTokenBalances,
  type TransactionSummary,
  ValidationError,
} from 'latchkit'
import { type Call, sendCalls } from 'latchkit/adapters/evm'
import { buildApproval, buildSwap } from './buildSwapTransactions'
import { swapsMessages } from './messages'
import { prepareSwap } from './prepareSwap'
import { sendBuiltTransaction } from './sendBuiltTransaction'
import { swapsSlice } from './slice'
import { clearSwapForm } from './state'
import type { BuiltTransaction } from './swapSchemas'

export interface ExecuteSwapReturnType {
  hash: string
  /** What was swapped, for telling the visitor. */
  amount: string
  fromSymbol: string
  toSymbol: string
}
/**
 * A ValidationError (nothing was sent): prepareSwap's codes, SLIPPAGE_EXCEEDED when the
 * pools moved past the allowed slippage since the quote, INSUFFICIENT_LIQUIDITY; then
 * SWAP_REVERTED when the swap failed on chain, or the wallet's refusal.
 */
export type ExecuteSwapErrorType = LatchError

const toCall = (tx: BuiltTransaction): Call => ({
  to: tx.to as Call['to'],
  data: tx.data as Call['data'],
  value: BigInt(tx.value ?? tx.amount ?? '0'),
})

/**
 * Swaps what the form holds: the API builds the router call with the quote the visitor saw
 * as its reference (refusing before the wallet is asked when the pools moved past the
 * slippage, and bounding the output on chain by it), the wallet sends it, and once it is
 * mined the balances are read again and the form clears. Activity lists it as pending
 * meanwhile. On failure the form stays as typed.
 *
 * When the router may not spend the amount yet, the approval goes with the swap as one
 * bundle of calls (`sendCalls`): one confirmation in a wallet that takes bundles
 * (EIP-5792), the approval mined before the swap either way. The review offers that only
 * for such a wallet; others approve first (approveSwap), as before.
 *
 * @example
 * const { hash } = await executeSwap(kernel)
 */
export async function executeSwap(kernel: Kernel): Promise<ExecuteSwapReturnType> {
  const swap = prepareSwap(kernel)
  const slice = swapsSlice(kernel)
  slice.set((draft) => {
    draft.status = 'swapping'
  })
  let hash: string
  try {
    const summary: TransactionSummary = {
      operation: 'trade',
      amount: swap.typed,
      symbol: swap.source.symbol,
      ...(swap.source.logoUri && { iconUrl: swap.source.logoUri }),
    }
    if (swap.needsApproval) {
      const [approval, trade] = await Promise.all([buildApproval(kernel, swap), buildSwap(kernel, swap)])
      const result = await sendCalls(kernel, { calls: [toCall(approval), toCall(trade)], summary })
      const last = result.receipts.at(-1)
      if (result.status !== 'success' || !last) {
        // One receipt, reverted, of calls sent one after another: the approval failed.
        const approvalFailed = !result.atomic && result.receipts.length === 1 && last?.status === 'reverted'
        const code = approvalFailed ? 'SWAP_APPROVAL_REVERTED' : 'SWAP_REVERTED'
        throw new ValidationError(swapsMessages[code], { code, details: last?.transactionHash ?? result.id })
      }
      hash = last.transactionHash
    } else {
      hash = await sendBuiltTransaction(
        kernel,
        swap.network,
        await buildSwap(kernel, swap),
        summary,
        'SWAP_REVERTED',
      )
    }
  } finally {
    slice.set((draft) => {
      draft.status = 'idle'
    })
  }
  slice.set((draft) => {
    clearSwapForm(draft)
    draft.lastSwapHash = hash
  })
  const namespace = swap.network.chainNamespace
  await Promise.all([
    refreshBalance(kernel, { namespace, force: true }).catch(() => {}),
    refreshTokenBalances(kernel, { namespace, force: true }).catch(() => {}),
  ])
  return { hash, amount: swap.typed, fromSymbol: swap.source.symbol, toSymbol: swap.target.symbol }
}
