import type { Kernel, LatchError } from 'latchkit'
import { activeConnection } from 'latchkit/internal'
import { evmChainIdOf } from '../chainId'
import { providerOf } from '../provider'
import type { CallsStatus } from './callsTypes'
import { readCallsStatus, sequentialBundle } from './walletCalls'

/** Where the bundle stands now. */
export type GetCallsStatusReturnType = CallsStatus
/** SendCallsError 5730 (UnknownBundleIdError) for an id the wallet does not know; the wallet's failure, mapped. */
export type GetCallsStatusErrorType = LatchError

/**
 * Where a bundle `sendCalls` sent stands: `wallet_getCallsStatus` for one the wallet
 * took, and what this kernel recorded for one it sent one transaction at a time.
 *
 * @example
 * import { getCallsStatus } from 'latchkit/adapters/evm'
 * const { status, receipts } = await getCallsStatus(kernel, id) // 'pending' | 'success' | 'failure'
 */
export async function getCallsStatus(kernel: Kernel, id: string): Promise<GetCallsStatusReturnType> {
  const local = sequentialBundle(kernel, id)
  if (local) return { ...local, receipts: [...local.receipts] }
  const { connector, network } = activeConnection(kernel, 'eip155')
  return readCallsStatus(providerOf(connector), id, evmChainIdOf(network))
}
