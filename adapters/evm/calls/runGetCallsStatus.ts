import type { Kernel, LatchError } from 'latchkit'
import { evmChainIdOf } from '../chainId'
import { providerOf } from '../provider'
import type { CallsStatus } from './callsTypes'
import { evmConnection } from './evmConnection'
import { readCallsStatus, sequentialBundle } from './walletCalls'

/** Where the bundle stands now. */
export type GetCallsStatusReturnType = CallsStatus
/** SendCallsError 5730 (UnknownBundleIdError) for an id the wallet does not know; the wallet's failure, mapped. */
export type GetCallsStatusErrorType = LatchError

/** What `getCallsStatus` (getCallsStatus.ts) does, loaded with the wallet actions. */
export async function runGetCallsStatus(kernel: Kernel, id: string): Promise<GetCallsStatusReturnType> {
  const local = sequentialBundle(kernel, id)
  if (local) return { ...local, receipts: [...local.receipts] }
  const { connector, network } = evmConnection(kernel)
  return readCallsStatus(providerOf(connector), id, evmChainIdOf(network))
}
