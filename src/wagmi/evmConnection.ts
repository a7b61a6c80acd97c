import type { ChainNamespace, Kernel } from 'latchkit'

/** The namespace wagmi speaks: EIP-155 chains only. */
export const EVM: ChainNamespace = 'eip155'

/** What wagmi needs to know of Latchkit's EVM connection at one moment. */
export interface EvmConnection {
  /** True only when an account is connected; reconnecting counts as not yet. */
  connected: boolean
  /** Still deciding: connecting or silently reconnecting. */
  settling: boolean
  address: `0x${string}` | undefined
  /** The chain id of Latchkit's active EVM network (also when disconnected). */
  chainId: number | undefined
}

/**
 * Reads Latchkit's EVM connection from the kernel's state, in wagmi's terms.
 *
 * @example
 * const { connected, address, chainId } = evmConnection(kernel)
 */
export function evmConnection(kernel: Kernel): EvmConnection {
  const state = kernel.getState()
  const account = state.accounts[EVM]
  const network = state.networks[EVM]?.caipNetwork
  const status = account?.status ?? 'disconnected'
  const address = account?.address as `0x${string}` | undefined
  return {
    connected: status === 'connected' && address !== undefined,
    settling: status === 'connecting' || status === 'reconnecting',
    address,
    chainId: typeof network?.id === 'number' ? network.id : undefined,
  }
}

/**
 * Resolves with the EVM connection once Latchkit has finished connecting or silently
 * reconnecting (at once when it is not doing either).
 *
 * @example
 * const { connected } = await settledEvmConnection(kernel)
 */
export function settledEvmConnection(kernel: Kernel): Promise<EvmConnection> {
  return new Promise((resolve) => {
    const now = evmConnection(kernel)
    if (!now.settling) {
      resolve(now)
      return
    }
    const stop = kernel.subscribe(() => {
      const next = evmConnection(kernel)
      if (next.settling) return
      stop()
      resolve(next)
    })
  })
}
