'use client'
import { useKernel, useT } from 'latchkit/react'
import type { ReactElement } from 'react'
import { WALLETCONNECT_VIEW_ID } from '../ids'
import { WALLETCONNECT_ICON } from '../walletConnectIcon'

/**
 * The wallet list's WalletConnect entry (its `connectorTypes` group): one row for every
 * chain family the session can hold, opening the pairing view. The list renders it inside
 * its `<ul>`, so it is one `<li>`.
 */
export default function WalletConnectEntry(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  return (
    <li>
      <button
        type="button"
        className="lk-row"
        data-connector="walletConnect"
        onClick={() => kernel.router.push(WALLETCONNECT_VIEW_ID)}
      >
        <img src={WALLETCONNECT_ICON} alt="" width={32} height={32} style={{ borderRadius: 8 }} />
        <span className="lk-grow">{t('walletConnect.title')}</span>
        <span className="lk-tag">{t('walletConnect.qrTag')}</span>
      </button>
    </li>
  )
}
