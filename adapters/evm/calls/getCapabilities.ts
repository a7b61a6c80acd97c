import type { Kernel, LatchError } from 'latchkit'
import { activeConnection } from 'latchkit/internal'
import { evmChainIdOf } from '../chainId'
import { providerOf } from '../provider'
import type { WalletCapabilities } from './callsTypes'
import { readCapabilities } from './walletCalls'

export interface GetCapabilitiesParameters {
  /** Default: the connected network's chain id. */
  chainId?: number
}
/** The capabilities on that chain, or undefined when the wallet has no EIP-5792. */
export type GetCapabilitiesReturnType = WalletCapabilities | undefined
/** 'No ActiveCaipAddress found' without an EVM account; the wallet's failure, mapped. */
export type GetCapabilitiesErrorType = LatchError

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
  const { connector, network, address } = activeConnection(kernel, 'eip155')
  return readCapabilities(providerOf(connector), address, parameters.chainId ?? evmChainIdOf(network))
}
