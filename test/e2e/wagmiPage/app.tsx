/**
 * The host page of the wagmi browser test: a kernel with the EVM adapter on the test's
 * chains, the dev wallet, Latchkit's buttons, and the demo's wagmi card under a wagmi
 * config whose only connector is latchkitConnector (the demo's own createDemoWagmiConfig).
 * The test writes the chains and the token into `window.wagmiTestConfig` before this runs.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { ConnectButton, LatchProvider, NetworkButton } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import type { Address } from 'viem'
import { WagmiProvider } from 'wagmi'
import { createDemoWagmiConfig } from '../../../demo/src/createDemoWagmiConfig'
import { WagmiCard } from '../../../demo/src/WagmiCard'
import { installDevWallet } from '../../../devstack/dev-wallet'

export type WagmiTestConfig = {
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  accounts: string[]
  token: Address
  recipient: Address
}

declare global {
  interface Window {
    wagmiTestConfig: WagmiTestConfig
  }
}

const config = window.wagmiTestConfig
installDevWallet({ chains: config.chains, accounts: config.accounts })
const kernel = createKernel({
  networks: config.chains.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name)),
  adapters: [evmAdapter()],
  logger: { level: 'warn' },
})
const wagmiConfig = createDemoWagmiConfig(kernel, config.chains)
createRoot(document.getElementById('root') as HTMLElement).render(
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={new QueryClient()}>
      <LatchProvider kernel={kernel}>
        <header>
          <NetworkButton />
          <ConnectButton />
        </header>
        <WagmiCard
          token={{ address: config.token, symbol: 'LTK', decimals: 18 }}
          recipient={config.recipient}
        />
      </LatchProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
