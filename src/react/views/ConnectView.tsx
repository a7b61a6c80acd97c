'use client'
import type { ReactElement } from 'react'
import type { ConnectMethodContribution } from '../contributions'
import { Icon, useKernel, useSlot, useT } from './kit'
import { WalletList } from './WalletList'

function ConnectMethod({ method }: { method: ConnectMethodContribution }): ReactElement | null {
  const kernel = useKernel()
  const t = useT()
  if (method.component) return <method.component />
  // The core's own method: the list of wallets.
  if (method.id === 'wallet') return <WalletList />
  if (!method.view) return null
  const view = method.view
  return (
    <button type="button" className="lk-row" onClick={() => kernel.router.push(view)}>
      <span className="lk-grow">{t(method.label)}</span>
      <Icon name="chevron" />
    </button>
  )
}

/** Connect: the `connectMethods` slot in order (email, social, wallet by default). */
export default function ConnectView(): ReactElement {
  const methods = useSlot('connectMethods')
  return (
    <div className="lk-stack" data-latchkit="connect-methods">
      {methods.map((method) => (
        <div key={method.id} data-method={method.id}>
          <ConnectMethod method={method} />
        </div>
      ))}
    </div>
  )
}
