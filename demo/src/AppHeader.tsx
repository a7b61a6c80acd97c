import { ConnectButton, NetworkButton } from 'latchkit/react'
import type { ReactElement } from 'react'
import { DEMO_APP_NAME } from './createDemoKernel'

/**
 * The app bar: the app's name on the left, Latchkit's network and connect buttons on the right.
 *
 * @example <AppHeader />
 */
export function AppHeader(): ReactElement {
  return (
    <header className="app-header">
      <a className="brand" href="/">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-text">{DEMO_APP_NAME}</span>
      </a>
      <nav className="header-actions" aria-label="Wallet">
        <NetworkButton />
        <ConnectButton />
      </nav>
    </header>
  )
}
