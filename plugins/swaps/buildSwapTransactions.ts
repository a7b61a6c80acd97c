import type { Kernel } from 'latchkit'
import type { PreparedSwap } from './prepareSwap'
import { swapsSlice } from './slice'
import { swapApiRequest } from './swapApiRequest'
import { type BuiltTransaction, builtTransactionSchema } from './swapSchemas'

/**
 * The API's `approve` call letting the swap router spend exactly the swap's amount.
 *
 * @example
 * const tx = await buildApproval(kernel, prepareSwap(kernel))
 */
export async function buildApproval(kernel: Kernel, swap: PreparedSwap): Promise<BuiltTransaction> {
  const built = await swapApiRequest(kernel, {
    path: 'v1/convert/build-approve',
    query: {
      userAddress: swap.address,
      from: swap.source.address,
      to: swap.target.address,
      amount: swap.amount.toString(),
    },
    chainId: swap.network.caipNetworkId,
    schema: builtTransactionSchema,
    endpoint: 'GET /v1/convert/build-approve',
    cache: 'no-cache',
  })
  return built.tx
}

/**
 * The API's router call for the swap, with the quote the visitor saw as its reference:
 * the API refuses before the wallet is asked when the pools moved past the slippage, and
 * the call bounds the output on chain by it.
 *
 * @example
 * const tx = await buildSwap(kernel, prepareSwap(kernel))
 */
export async function buildSwap(kernel: Kernel, swap: PreparedSwap): Promise<BuiltTransaction> {
  const built = await swapApiRequest(kernel, {
    method: 'POST',
    path: 'v1/convert/build-transaction',
    body: {
      amount: swap.amount.toString(),
      eip155: { slippage: String(swapsSlice(kernel).get().settings.slippage) },
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
  return built.tx
}
