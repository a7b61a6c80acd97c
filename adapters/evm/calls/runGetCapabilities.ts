import type { Kernel, LatchError } from 'latchkit'
import { evmChainIdOf } from '../chainId'
import { providerOf } from '../provider'
import type { WalletCapabilities } from './callsTypes'
import { evmConnection } from './evmConnection'
import { readCapabilities } from './walletCalls'

export interface GetCapabilitiesParameters {
  /** Default: the connected network's chain id. */
  chainId?: number
}
/** The capabilities on that chain, or undefined when the wallet has no EIP-5792. */
export type GetCapabilitiesReturnType = WalletCapabilities | undefined
/** 'No ActiveCaipAddress found' without an EVM account; the wallet's failure, mapped. */
export type GetCapabilitiesErrorType = LatchError

/** What `getCapabilities` (getCapabilities.ts) does, loaded with the wallet actions. */
export async function runGetCapabilities(
  kernel: Kernel,
  parameters: GetCapabilitiesParameters = {},
): Promise<GetCapabilitiesReturnType> {
  const { connector, network, address } = evmConnection(kernel)
  return readCapabilities(providerOf(connector), address, parameters.chainId ?? evmChainIdOf(network))
}
