import type { CaipNetworkId, Kernel } from 'latchkit'

/**
 * The EVM network names are looked up for: the one the kernel's EVM state is on (the
 * wallet's, or the app's default before a wallet connects), or undefined without one.
 *
 * @example
 * evmNetworkId(kernel) // 'eip155:1'
 */
export function evmNetworkId(kernel: Kernel): CaipNetworkId | undefined {
  return kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId
}

/**
 * The numeric chain id of an EVM network's CAIP-2 id.
 *
 * @example
 * chainIdOf('eip155:8453') // 8453
 */
export function chainIdOf(caipNetworkId: CaipNetworkId): number {
  return Number(caipNetworkId.split(':')[1])
}
