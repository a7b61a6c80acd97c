import type { ReactElement } from 'react'
import { AppHeader } from './AppHeader'
import { SignInCard } from './SignInCard'
import { TryThis } from './TryThis'
import { WalletSummary } from './WalletSummary'

/**
 * The demo host app: a header with the wallet buttons, and the page body.
 *
 * @example <LatchProvider kernel={kernel}><App /></LatchProvider>
 */
export function App(): ReactElement {
  return (
    <>
      <AppHeader />
      <main className="app-main">
        <div className="intro">
          <h1>Connect a wallet on a local chain</h1>
          <p className="muted">
            Two local anvil chains, a local Solana endpoint and a dev wallet for each run on this machine.
            Nothing here touches a real network.
          </p>
        </div>
        <WalletSummary />
        <SignInCard />
        <TryThis />
      </main>
    </>
  )
}
