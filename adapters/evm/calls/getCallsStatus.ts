import type { Kernel } from 'latchkit'
import { loadWalletActions } from '../loadWalletActions'
import type { GetCallsStatusReturnType } from './runGetCallsStatus'

export type { GetCallsStatusErrorType, GetCallsStatusReturnType } from './runGetCallsStatus'

/**
 * Where a bundle `sendCalls` sent stands: `wallet_getCallsStatus` for one the wallet
 * took, and what this kernel recorded for one it sent one transaction at a time.
 *
 * @example
 * import { getCallsStatus } from 'latchkit/adapters/evm'
 * const { status, receipts } = await getCallsStatus(kernel, id) // 'pending' | 'success' | 'failure'
 */
export async function getCallsStatus(kernel: Kernel, id: string): Promise<GetCallsStatusReturnType> {
  return (await loadWalletActions()).runGetCallsStatus(kernel, id)
}
