/**
 * The demo's start-up: read what the devstack serves, install the dev wallets (EVM and
 * Solana, each only when the devstack provides it), create the kernel and render the app.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { LatchProvider } from 'latchkit/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installDevWallet } from '../../devstack/dev-wallet'
import { installDevSolanaWallet } from '../../devstack/dev-wallet-solana'
import { solanaFixtureAccounts } from '../../devstack/solana/fixtures'
import { App } from './App'
import { createDemoKernel } from './createDemoKernel'
import { createDemoWagmiConfig } from './createDemoWagmiConfig'
import { loadDevstackConfig } from './devstackConfig'
import { WagmiCard } from './WagmiCard'
import './styles.css'
import type { Address } from 'viem'
import { WagmiProvider } from 'wagmi'

const root = createRoot(document.getElementById('root') as HTMLElement)
const config = await loadDevstackConfig().catch((error: unknown) => {
  console.error('could not read /devstack.json', error)
  return undefined
})

if (!config) {
  root.render(
    <main className="app-main">
      <section className="card">
        <h1>Start the demo with npm run demo</h1>
        <p>This page needs the local chains that `npm run demo` starts; it could not read /devstack.json.</p>
      </section>
    </main>,
  )
} else {
  // Before the kernel: its wallet discovery then finds the dev wallet at once (a wallet
  // installed later is found too, through the announcement).
  if (config.devWallet) installDevWallet(config.devWallet)
  if (config.devSolanaWallet) {
    // The keys are derived here from the fixture labels; the devstack says which it funded.
    const funded = new Set(config.devSolanaWallet.accounts)
    installDevSolanaWallet({
      rpcUrl: config.devSolanaWallet.rpcUrl,
      accounts: solanaFixtureAccounts.filter((account) => funded.has(account.address)),
    })
  }
  const kernel = createDemoKernel(config)
  // wagmi follows the wallet connected through Latchkit (see createDemoWagmiConfig).
  const wagmiConfig = createDemoWagmiConfig(kernel, config.networks)
  const ltk = config.contracts.LTK as Address | undefined
  const recipient = config.devWallet?.accounts[1] as Address | undefined
  root.render(
    <StrictMode>
      <WagmiProvider config={wagmiConfig}>
        <QueryClientProvider client={new QueryClient()}>
          <LatchProvider kernel={kernel}>
            <App
              mailboxUrl={config.embeddedWallet?.mailboxUrl}
              farcasterAppUrl={config.embeddedWallet?.farcasterAppUrl}
            >
              {ltk && recipient && (
                <WagmiCard token={{ address: ltk, symbol: 'LTK', decimals: 18 }} recipient={recipient} />
              )}
            </App>
          </LatchProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
}
