import { type Kernel, type LatchError, refreshBalance, refreshTokenBalances } from 'latchkit'
import { prepareSwap } from './prepareSwap'
import { sendBuiltTransaction } from './sendBuiltTransaction'
import { swapsSlice } from './slice'
import { clearSwapForm } from './state'
import { swapApiRequest } from './swapApiRequest'
import { builtTransactionSchema } from './swapSchemas'

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

/**
 * Swaps what the form holds: the API builds the router call with the quote the visitor saw
 * as its reference (refusing before the wallet is asked when the pools moved past the
 * slippage, and bounding the output on chain by it), the wallet sends it, and once it is
 * mined the balances are read again and the form clears. Activity lists it as pending
 * meanwhile. On failure the form stays as typed.
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
    const built = await swapApiRequest(kernel, {
      method: 'POST',
      path: 'v1/convert/build-transaction',
      body: {
        amount: swap.amount.toString(),
        eip155: { slippage: String(slice.get().settings.slippage) },
        from: swap.source.address,
        to: swap.target.address,
        userAddress: `${swap.network.caipNetworkId}:${swap.address}`,
        toAmount: swap.quote.toAmount.toString(),
      },
      chainId: swap.network.caipNetworkId,
      schema: builtTransactionSchema,
      endpoint: 'POST /v1/convert/build-transaction',
      cache: 'no-cache',
    })
    hash = await sendBuiltTransaction(
      kernel,
      swap.network,
      built.tx,
      {
        operation: 'trade',
        amount: swap.typed,
        symbol: swap.source.symbol,
        ...(swap.source.logoUri && { iconUrl: swap.source.logoUri }),
      },
      'SWAP_REVERTED',
    )
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
