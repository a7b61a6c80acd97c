import type { ReactElement, ReactNode } from 'react'
import { AppHeader } from './AppHeader'
import { LanguageCard } from './LanguageCard'
import { LegalCard } from './LegalCard'
import { SignInCard } from './SignInCard'
import { ThemeCard } from './ThemeCard'
import { TryThis } from './TryThis'
import { WalletSummary } from './WalletSummary'

/**
 * The demo host app: a header with the wallet buttons, and the page body; `children` are
 * cards shown after the built-in ones (the wagmi card); `mailboxUrl`, the devstack's inbox
 * for email login codes, and `farcasterAppUrl`, its dev Farcaster app for Farcaster login,
 * when it runs them.
 *
 * @example <LatchProvider kernel={kernel}><App /></LatchProvider>
 */
export function App({
  children,
  mailboxUrl,
  farcasterAppUrl,
}: {
  children?: ReactNode
  mailboxUrl?: string
  farcasterAppUrl?: string
}): ReactElement {
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
        <LegalCard />
        <TryThis mailboxUrl={mailboxUrl} farcasterAppUrl={farcasterAppUrl} />
        <ThemeCard />
        <LanguageCard />
        {children}
      </main>
    </>
  )
}
