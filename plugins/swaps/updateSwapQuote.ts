import type { Kernel } from 'latchkit'
import { fetchSwapGasPrice } from './fetchSwapGasPrice'
import { fetchSwapQuote } from './fetchSwapQuote'
import { swapsSlice } from './slice'
import type { SwapProblem, SwapsState } from './state'
import { swapBaseUnits } from './swapAmount'
import { swapConnection } from './swapConnection'
import { sameToken } from './swapTokens'

/** What a quote is for: it stays valid only while the form still describes it. */
export function quoteKey(
  state: Pick<SwapsState, 'sourceToken' | 'toToken' | 'sourceTokenAmount' | 'maxAmount'>,
): string {
  return [
    state.sourceToken?.address,
    state.toToken?.address,
    state.maxAmount ?? state.sourceTokenAmount,
  ].join('|')
}

function problemOf(error: unknown): SwapProblem {
  const code = (error as { code?: unknown })?.code
  const message =
    (error as { shortMessage?: unknown; message?: unknown })?.shortMessage ?? (error as Error)?.message
  return {
    code: typeof code === 'string' ? code : 'SWAP_QUOTE_FAILED',
    message: typeof message === 'string' ? message : 'Could not get a quote',
  }
}

/**
 * Asks the API for a quote of what the form holds and keeps it in the slice, with the
 * network's gas price. An empty or zero amount clears the quote; a failure becomes the
 * slice's `quoteProblem` (its code and message). An answer for a form that changed while
 * it was on its way is dropped.
 *
 * @example
 * swapsSlice(kernel).set((s) => { s.sourceTokenAmount = '0.1' })
 * await updateSwapQuote(kernel)
 * swapsSlice(kernel).get().quote?.toAmount // 199_401_000n
 */
export async function updateSwapQuote(kernel: Kernel): Promise<void> {
  const slice = swapsSlice(kernel)
  const form = slice.get()
  const key = quoteKey(form)
  const settle = (recipe: (draft: SwapsState) => void) =>
    slice.set((draft) => {
      if (quoteKey(draft as SwapsState) === key) recipe(draft as SwapsState)
    })
  const { sourceToken, toToken } = form
  let amount: bigint | undefined
  try {
    amount = sourceToken ? swapBaseUnits(form.maxAmount ?? form.sourceTokenAmount, sourceToken) : undefined
  } catch (error) {
    return settle((draft) => {
      Object.assign(draft, { quote: undefined, loadingQuote: false, quoteProblem: problemOf(error) })
    })
  }
  if (!sourceToken || !toToken || sameToken(sourceToken, toToken) || !amount) {
    return settle((draft) => {
      Object.assign(draft, { quote: undefined, loadingQuote: false, quoteProblem: undefined })
    })
  }
  settle((draft) => {
    draft.loadingQuote = true
  })
  try {
    const { network, address } = swapConnection(kernel)
    const [quote, gasPrice] = await Promise.all([
      fetchSwapQuote(kernel, {
        network,
        userAddress: address,
        from: sourceToken.address,
        to: toToken.address,
        amount,
      }),
      form.gasPrice === undefined ? fetchSwapGasPrice(kernel, network) : Promise.resolve(form.gasPrice),
    ])
    settle((draft) => {
      Object.assign(draft, { quote, gasPrice, loadingQuote: false, quoteProblem: undefined })
    })
  } catch (error) {
    settle((draft) => {
      Object.assign(draft, { quote: undefined, loadingQuote: false, quoteProblem: problemOf(error) })
    })
  }
}
