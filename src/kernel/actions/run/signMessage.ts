import { type LatchError, latchError, toRpcError } from '../../errors'
import type { Kernel } from '../../kernelTypes'
import type { ChainNamespace } from '../../types'
import { activeConnection } from '../activeConnection'
import { requireAdapter } from '../requireAdapter'

export interface SignMessageParameters {
  message: string
  /** Default: the active namespace. */
  namespace?: ChainNamespace
}
export type SignMessageReturnType = string
export type SignMessageErrorType = LatchError

/** What `signMessage` (actions/signMessage.ts) does, loaded on its first call. */
export async function signMessage(kernel: Kernel, params: SignMessageParameters): Promise<string> {
  const { namespace, connector, network, address } = activeConnection(kernel, params.namespace)
  const adapter = requireAdapter(kernel, namespace)
  if (!adapter.signMessage)
    throw latchError('CHAIN_ADAPTER_NOT_FOUND', {}, { details: `${namespace} cannot sign messages` })
  try {
    return await adapter.signMessage({ connector, network, address, message: params.message })
  } catch (error) {
    throw toRpcError(error)
  }
}
