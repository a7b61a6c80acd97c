/**
 * The demo's kernel: the two local chains, the EVM adapter, and the app's metadata.
 * This is the whole integration; everything else on the page is the app itself.
 */
import { createKernel, type Kernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import type { DevstackChain } from './devstackConfig'

export const DEMO_APP_NAME = 'Latch Demo'

/**
 * @example
 * const kernel = createDemoKernel(config.networks)
 */
export function createDemoKernel(networks: readonly DevstackChain[]): Kernel {
  return createKernel({
    networks: networks.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name)),
    adapters: [evmAdapter()],
    metadata: {
      name: DEMO_APP_NAME,
      description: 'Latchkit connected to local anvil chains',
      url: window.location.origin,
      icons: [],
    },
    // Warnings too, so a rejected wallet announcement shows up in the browser console.
    logger: { level: 'warn' },
  })
}
