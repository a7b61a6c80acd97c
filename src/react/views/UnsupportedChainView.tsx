'use client'
import type { ReactElement } from 'react'
import { disconnectWithNotice, NetworkList, useKernel, useNetwork, useT } from './kit'

/**
 * UnsupportedChain: the wallet is on a network the app does not support. Offers the
 * supported networks of that namespace (the kernel leaves this view once one is active)
 * and Disconnect.
 */
export default function UnsupportedChainView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { networks, caipNetwork } = useNetwork()
  return (
    <div className="lk-stack">
      <p className="lk-muted">{t('unsupportedChain.message')}</p>
      <NetworkList networks={networks} currentId={caipNetwork?.caipNetworkId} />
      <button type="button" className="lk-secondary" onClick={() => disconnectWithNotice(kernel)}>
        {t('unsupportedChain.disconnect')}
      </button>
    </div>
  )
}
