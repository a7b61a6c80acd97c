/**
 * The demo's kernel: the two local chains, the EVM adapter, and the app's metadata.
 * This is the whole integration; everything else on the page is the app itself.
 */
import { createKernel, type Kernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { receive } from 'latchkit/plugins/receive'
import { send } from 'latchkit/plugins/send'
import { httpVerifier, siwe } from 'latchkit/plugins/siwe'
import type { DevstackConfig } from './devstackConfig'
import { signInTurnedOn } from './signInChoice'

export const DEMO_APP_NAME = 'Latch Demo'

/**
 * @example
 * const kernel = createDemoKernel(config)
 */
export function createDemoKernel(config: Pick<DevstackConfig, 'networks' | 'api'>): Kernel {
  return createKernel({
    networks: config.networks.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name)),
    adapters: [evmAdapter()],
    plugins: [
      send(),
      receive(),
      // Sign-in with the wallet, checked and kept by the API server's /siwe/* routes; only
      // when the visitor turned it on (signInChoice.ts says why it is not on by default).
      ...(config.api && signInTurnedOn() ? [siwe({ verifier: httpVerifier(config.api.url) })] : []),
    ],
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
