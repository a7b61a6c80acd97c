'use client'
import type { ReactElement } from 'react'
import { NetworkList, useKernel, useKernelState } from './kit'

/** Networks: every configured network, the active one marked; switching goes back. */
export default function NetworksView(): ReactElement {
  const kernel = useKernel()
  const currentId = useKernelState((state) => {
    const ns = state.activeNamespace
    return ns ? state.networks[ns]?.caipNetwork?.caipNetworkId : undefined
  })
  return <NetworkList networks={kernel.networks()} currentId={currentId} onSwitched={kernel.router.goBack} />
}
