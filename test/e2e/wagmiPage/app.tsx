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
import { type Address, createWalletClient, custom, type EIP1193Provider } from 'viem'
import { WagmiProvider } from 'wagmi'
import { signMessage, switchChain } from 'wagmi/actions'
import { createDemoWagmiConfig } from '../../../demo/src/createDemoWagmiConfig'
import { WagmiCard } from '../../../demo/src/WagmiCard'
import { DEV_WALLET_RDNS, installDevWallet } from '../../../devstack/dev-wallet'

export type WagmiTestConfig = {
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  accounts: string[]
  token: Address
  recipient: Address
}

declare global {
  interface Window {
    wagmiTestConfig: WagmiTestConfig
    /** Each call's outcome as `<error name> <code>`: what viem and wagmi make of the wallet's errors. */
    walletErrors: Record<string, (...args: never[]) => Promise<string>>
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
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'done',
    (error: { name?: string; code?: unknown }) => `${error.name} ${String(error.code)}`,
  )
const devWallet = () =>
  createWalletClient({
    transport: custom(kernel.connectors.get(DEV_WALLET_RDNS)?.getProvider() as EIP1193Provider),
  })
window.walletErrors = {
  wagmiSignMessage: () => outcome(signMessage(wagmiConfig, { message: 'hello' })),
  wagmiSwitchChain: (chainId: number) => outcome(switchChain(wagmiConfig, { chainId })),
  viemSignMessage: (account: Address) => outcome(devWallet().signMessage({ account, message: 'hello' })),
  viemRequest: (method: string, params: unknown[]) =>
    outcome(devWallet().request({ method, params } as never)),
}
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
