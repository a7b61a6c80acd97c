'use client'
import type { ReactElement } from 'react'
import type { ConnectMethodContribution } from '../contributions'
import { Icon, useKernel, useKernelState, useSlot, useT } from './kit'
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

/**
 * Connect: the `connectGates` slot's components, then the `connectMethods` slot in order
 * (email, social, wallet by default), all disabled while a gate gives a reason.
 */
export default function ConnectView(): ReactElement {
  const kernel = useKernel()
  const methods = useSlot('connectMethods')
  const gates = useSlot('connectGates')
  // A gate reads its plugin's state: asked again when that changes.
  const blocked = useKernelState(() => gates.some((gate) => gate.blocked(kernel) !== undefined))
  return (
    <div className="lk-stack">
      {gates.map((gate) => (
        <gate.component key={gate.id} />
      ))}
      <fieldset className="lk-stack lk-gate" disabled={blocked} data-latchkit="connect-methods">
        {methods.map((method) => (
          <div key={method.id} data-method={method.id}>
            <ConnectMethod method={method} />
          </div>
        ))}
      </fieldset>
    </div>
  )
}
