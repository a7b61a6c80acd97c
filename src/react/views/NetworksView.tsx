'use client'
import type { ReactElement } from 'react'
import { NetworkList, useKernel, useKernelState } from './kit'

/**
 * Networks: every configured network, the active one marked; switching goes back, or on to
 * Connect when the network's namespace has no account while another namespace has one.
 */
export default function NetworksView(): ReactElement {
  const kernel = useKernel()
  const currentId = useKernelState((state) => {
    const ns = state.activeNamespace
    return ns ? state.networks[ns]?.caipNetwork?.caipNetworkId : undefined
  })
  const onSwitched = () => {
    const { status, accounts, activeNamespace } = kernel.getState()
    const here = activeNamespace ? accounts[activeNamespace]?.status : undefined
    // Back would be the Account view of an account that is not there: the visitor's next
    // step is connecting a wallet on this namespace.
    if (status === 'connected' && here !== 'connected') kernel.router.reset('Connect')
    else kernel.router.goBack()
  }
  return <NetworkList networks={kernel.networks()} currentId={currentId} onSwitched={onSwitched} />
}
