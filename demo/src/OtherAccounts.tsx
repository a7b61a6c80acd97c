import type { ChainNamespace } from 'latchkit'
import { useAccount, useKernelState, useNetwork } from 'latchkit/react'
import type { ReactElement } from 'react'

/**
 * Rows of the wallet summary for the accounts connected besides the active one: with EVM
 * and Solana connected at once, the summary shows the active account and these show the
 * other, so a person sees both before moving between them in the network list.
 *
 * @example <dl><OtherAccounts /></dl>
 */
export function OtherAccounts(): ReactElement {
  const namespaces = useKernelState((state) =>
    Object.entries(state.accounts)
      .filter(
        ([namespace, account]) => namespace !== state.activeNamespace && account?.status === 'connected',
      )
      .map(([namespace]) => namespace),
  )
  return (
    <>
      {namespaces.map((namespace) => (
        <OtherAccount key={namespace} namespace={namespace} />
      ))}
    </>
  )
}

function OtherAccount({ namespace }: { namespace: ChainNamespace }): ReactElement {
  const account = useAccount(namespace)
  const { caipNetwork } = useNetwork(namespace)
  const balance =
    account.balance === undefined ? '…' : `${account.balance} ${account.balanceSymbol ?? ''}`.trim()
  return (
    <>
      <dt>Also connected</dt>
      <dd data-testid="demo-also-connected" data-namespace={namespace}>
        <span className="mono">{account.address}</span>
        <span className="muted">
          {' '}
          · {caipNetwork?.name ?? namespace} · {balance}
        </span>
      </dd>
    </>
  )
}
