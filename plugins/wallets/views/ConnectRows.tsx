'use client'
import { numberFormat, useConnectors, useKernel, useLocaleTag, useT } from 'latchkit/react'
import { type ReactElement, useMemo } from 'react'
import { RECOMMENDED_WALLETS, WALLETS_PAGE_SIZE } from '../state'
import {
  featuredIds,
  installedConnector,
  installedRdns,
  orderFeatured,
  pickRecommended,
} from '../walletGroups'
import { useRegistry } from './useRegistry'
import { useWalletsSettings } from './useWalletsSettings'
import { WalletRow } from './WalletRow'
import { walletsCss } from './walletsCss'

/**
 * The Connect view's featured group: the integrator's featured wallets in their order,
 * without the installed ones (listed in the installed group above). Nothing while loading
 * or after a failure: the rest of the list stays usable.
 */
export function FeaturedWallets(): ReactElement | null {
  const settings = useWalletsSettings()
  const connectors = useConnectors()
  const ids = useMemo(() => featuredIds(settings), [settings])
  const { read } = useRegistry(
    ids.length > 0
      ? {
          page: 1,
          entries: ids.length,
          include: ids,
          exclude: settings.excludeWalletIds,
          chains: settings.chains,
        }
      : undefined,
  )
  if (ids.length === 0 || read.status !== 'done') return null
  const installed = installedRdns(connectors)
  return (
    <>
      {orderFeatured(read.answer.wallets, ids, installed).map((wallet) => (
        <WalletRow key={wallet.id} wallet={wallet} installed={undefined} />
      ))}
    </>
  )
}

/**
 * The Connect view's recommended group: the registry's first wallets that are neither
 * featured nor installed, four of them.
 */
export function RecommendedWallets(): ReactElement | null {
  const settings = useWalletsSettings()
  const connectors = useConnectors()
  const featured = useMemo(() => featuredIds(settings), [settings])
  const installed = installedRdns(connectors)
  // Featured ones are excluded by the registry; installed ones are only known here, so
  // ask for enough to drop them and still have four.
  const { read } = useRegistry({
    page: 1,
    entries: Math.min(100, RECOMMENDED_WALLETS + installed.size),
    include: settings.includeWalletIds,
    exclude: [...settings.excludeWalletIds, ...featured],
    chains: settings.chains,
  })
  if (read.status !== 'done') return null
  return (
    <>
      {pickRecommended(read.answer.wallets, { featured, installed, limit: RECOMMENDED_WALLETS }).map(
        (wallet) => (
          <WalletRow key={wallet.id} wallet={wallet} installed={installedConnector(wallet, connectors)} />
        ),
      )}
    </>
  )
}

/** The row that opens the All wallets view, with how many wallets the registry lists. */
export function AllWalletsRow(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const settings = useWalletsSettings()
  // The All wallets view's first page: read here, it is cached when the view opens.
  const { read } = useRegistry({
    page: 1,
    entries: WALLETS_PAGE_SIZE,
    include: settings.includeWalletIds,
    exclude: settings.excludeWalletIds,
    chains: settings.chains,
  })
  return (
    <li data-latchkit="all-wallets-row">
      <style>{walletsCss}</style>
      <button type="button" className="lk-row" onClick={() => kernel.router.push('AllWallets')}>
        <span className="lk-wallet-mono" aria-hidden="true">
          ⋯
        </span>
        <span className="lk-grow">{t('wallets.all')}</span>
        {read.status === 'done' && (
          <span className="lk-tag" data-latchkit="all-wallets-count">
            {numberFormat(tag).format(read.answer.count)}
          </span>
        )}
      </button>
    </li>
  )
}
