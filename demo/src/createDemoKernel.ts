/**
 * The demo's kernel: the two local chains, the EVM adapter, and the app's metadata.
 * This is the whole integration; everything else on the page is the app itself.
 */
import { createKernel, type Kernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { receive } from 'latchkit/plugins/receive'
import { send } from 'latchkit/plugins/send'
import type { DevstackConfig } from './devstackConfig'

export const DEMO_APP_NAME = 'Latch Demo'

/**
 * @example
 * const kernel = createDemoKernel(config)
 */
export function createDemoKernel(config: Pick<DevstackConfig, 'networks' | 'api'>): Kernel {
  return createKernel({
    networks: config.networks.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name)),
    adapters: [evmAdapter()],
    plugins: [send(), receive()],
    // Balances, prices, NFTs and the wallet registry come from the devstack's API server.
    ...(config.api && {
      projectId: 'latchkit-demo',
      api: { blockchainUrl: config.api.url, walletsUrl: config.api.url },
    }),
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
