import type { Kernel } from 'latchkit'
import { loadWalletActions } from '../loadWalletActions'
import type { GetCapabilitiesParameters, GetCapabilitiesReturnType } from './runGetCapabilities'

export type {
  GetCapabilitiesErrorType,
  GetCapabilitiesParameters,
  GetCapabilitiesReturnType,
} from './runGetCapabilities'

/**
 * Asks the connected EVM wallet what it can do with a bundle of calls on a chain
 * (`wallet_getCapabilities`, EIP-5792): atomic execution, a paymaster, ... `undefined`
 * means the wallet has no EIP-5792 at all; `sendCalls` then sends one call at a time.
 *
 * @example
 * import { getCapabilities } from 'latchkit/adapters/evm'
 * const capabilities = await getCapabilities(kernel)
 * if (capabilities?.atomic?.status === 'supported') showOneStepCheckout()
 */
export async function getCapabilities(
  kernel: Kernel,
  parameters: GetCapabilitiesParameters = {},
): Promise<GetCapabilitiesReturnType> {
  return (await loadWalletActions()).runGetCapabilities(kernel, parameters)
}
