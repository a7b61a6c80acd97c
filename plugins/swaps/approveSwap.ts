import type { Kernel, LatchError } from 'latchkit'
import { buildApproval } from './buildSwapTransactions'
import { fetchSwapAllowance } from './fetchSwapAllowance'
import { prepareSwap } from './prepareSwap'
import { sendBuiltTransaction } from './sendBuiltTransaction'
import { swapsSlice } from './slice'

/** A ValidationError from prepareSwap, SWAP_APPROVAL_REVERTED, or the wallet's refusal. */
export type ApproveSwapErrorType = LatchError

/**
 * Lets the swap router spend exactly the amount in the form: the API builds the
 * `approve` call, the wallet sends it, and once it is mined the allowance is read again.
 * On failure (a declined prompt included) the form stays as typed.
 *
 * @example
 * if (prepareSwap(kernel).needsApproval) await approveSwap(kernel)
 */
export async function approveSwap(kernel: Kernel): Promise<void> {
  const swap = prepareSwap(kernel)
  const slice = swapsSlice(kernel)
  slice.set((draft) => {
    draft.status = 'approving'
  })
  try {
    await sendBuiltTransaction(
      kernel,
      swap.network,
      await buildApproval(kernel, swap),
      {
        operation: 'approve',
        symbol: swap.source.symbol,
        ...(swap.source.logoUri && { iconUrl: swap.source.logoUri }),
      },
      'SWAP_APPROVAL_REVERTED',
    )
    const allowance = await fetchSwapAllowance(kernel, {
      network: swap.network,
      token: swap.source.address,
      owner: swap.address,
    })
    slice.set((draft) => {
      draft.allowance = allowance
    })
  } finally {
    slice.set((draft) => {
      draft.status = 'idle'
    })
  }
}
