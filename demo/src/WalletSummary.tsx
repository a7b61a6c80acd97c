import { useAccount, useNetwork } from 'latchkit/react'
import type { ReactElement } from 'react'
import { OtherAccounts } from './OtherAccounts'

/**
 * What the app knows about the visitor's wallet, read from Latchkit's hooks: the full
 * address, the network and the native balance as the chain reports it, of the active
 * account and (one row each) of any other namespace connected at the same time.
 *
 * @example <LatchProvider kernel={kernel}><WalletSummary /></LatchProvider>
 */
export function WalletSummary(): ReactElement {
  const account = useAccount()
  const { caipNetwork, supported } = useNetwork()

  if (!account.isConnected || !account.address) {
    const busy = account.status === 'connecting' || account.status === 'reconnecting'
    return (
      <section
        className="card"
        aria-labelledby="wallet-heading"
        data-testid="demo-summary"
        data-status={account.status}
      >
        <h2 id="wallet-heading">Your wallet</h2>
        <p className="muted">
          {busy ? 'Connecting…' : 'No wallet connected. Use Connect Wallet at the top right.'}
        </p>
      </section>
    )
  }

  const chainId = caipNetwork?.id
  return (
    <section
      className="card"
      aria-labelledby="wallet-heading"
      data-testid="demo-summary"
      data-status={account.status}
    >
      <h2 id="wallet-heading">Your wallet</h2>
      <dl className="facts">
        <dt>Account</dt>
        <dd className="mono" data-testid="demo-address">
          {account.address}
        </dd>
        <dt>Wallet</dt>
        <dd>{account.connectedWalletInfo?.name ?? 'Unknown wallet'}</dd>
        <dt>Network</dt>
        <dd data-testid="demo-network">
          {caipNetwork?.name ?? 'Unknown'}
          {chainId !== undefined && <span className="muted"> · chain {String(chainId)}</span>}
          {!supported && <span className="warning"> · not supported by this app</span>}
        </dd>
        <dt>Balance</dt>
        <dd data-testid="demo-balance">
          {account.balance === undefined ? '…' : `${account.balance} ${account.balanceSymbol ?? ''}`.trim()}
        </dd>
        <OtherAccounts />
      </dl>
    </section>
  )
}
