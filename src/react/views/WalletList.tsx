'use client'
import type { ReactElement } from 'react'
import { startConnect, useConnectors, useKernel, useSlot, useT, WalletIcon } from './kit'
import { sortWallets } from './sortWallets'

/**
 * The wallets the adapters found, in connector-type order with recent ones marked, or an
 * empty state. A group with a `component` renders it at the group's place (a plugin's
 * rows); the others list their connectors. Picking one pushes ConnectingExternal and
 * starts `connect`.
 */
export function WalletList(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const groups = useSlot('connectorTypes')
  const wallets = sortWallets(
    useConnectors(),
    groups.map((group) => group.id),
    kernel.storage.get('recentWallets') ?? [],
  )
  if (wallets.length === 0 && !groups.some((group) => group.component)) {
    return <p className="lk-center lk-muted">{t('connect.empty')}</p>
  }
  return (
    <ul className="lk-list" aria-label={t('connect.wallets')}>
      {groups.map((type) =>
        type.component ? (
          <type.component key={type.id} />
        ) : (
          wallets.map(
            ({ connector, group }) =>
              group === type.id && (
                <li key={connector.id}>
                  <button
                    type="button"
                    className="lk-row"
                    data-connector={connector.id}
                    onClick={() => {
                      kernel.router.push('ConnectingExternal', { connectorId: connector.id })
                      startConnect(kernel, connector.id)
                    }}
                  >
                    <WalletIcon url={connector.imageUrl} />
                    <span className="lk-grow">{connector.name}</span>
                    {group === 'recent' && <span className="lk-tag">{t('connect.recent')}</span>}
                    {group === 'injected' && <span className="lk-tag">{t('connect.installed')}</span>}
                  </button>
                </li>
              ),
          )
        ),
      )}
    </ul>
  )
}
