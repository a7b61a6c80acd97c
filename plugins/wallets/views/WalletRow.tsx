'use client'
import { type Connector, getWalletLinker, type Kernel, type RegistryWallet } from 'latchkit'
import { useKernel, useT } from 'latchkit/react'
import { type ReactElement, useState } from 'react'
import { walletImageUrl } from '../fetchWallets'

/** A link target that cannot run script: http(s) only. */
const webLink = (url: string | null | undefined) =>
  typeof url === 'string' && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined

/** Up to two initials of a wallet's name, for the tile shown when its image is missing. */
export function monogram(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('')
}

/** The registry image of a wallet, or its monogram when there is none or it fails to load. */
export function WalletImage({ wallet }: { wallet: RegistryWallet }): ReactElement {
  const kernel = useKernel()
  const url = walletImageUrl(kernel, wallet.image_id)
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (!url || failed === url) {
    return (
      <span className="lk-wallet-mono" aria-hidden="true" data-latchkit="wallet-monogram">
        {monogram(wallet.name)}
      </span>
    )
  }
  return (
    <img
      src={url}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      data-latchkit="wallet-image"
      onError={() => setFailed(url)}
    />
  )
}

/**
 * Connects a registry wallet: through its installed connector (the ConnectingExternal view
 * starts the attempt), else through the wallet linker. False when neither is there.
 *
 * @example
 * if (!connectRegistryWallet(kernel, wallet, connector)) showNeedsWalletConnect()
 */
export function connectRegistryWallet(
  kernel: Kernel,
  wallet: RegistryWallet,
  installed: Connector | undefined,
): boolean {
  if (installed) {
    kernel.router.push('ConnectingExternal', { connectorId: installed.id })
    return true
  }
  const link = getWalletLinker(kernel)
  if (!link) return false
  link(wallet)
  return true
}

/**
 * One registry wallet as a list row: its image, its name, "Installed" when the browser has
 * it. Without an installed connector or a wallet linker it cannot connect: the row says it
 * needs WalletConnect and links its web app, if it has one.
 */
export function WalletRow({
  wallet,
  installed,
}: {
  wallet: RegistryWallet
  installed: Connector | undefined
}): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const canConnect = installed !== undefined || getWalletLinker(kernel) !== undefined
  const common = {
    'data-latchkit': 'wallet-item',
    'data-wallet-id': wallet.id,
    'data-installed': installed ? 'true' : 'false',
  }
  if (canConnect) {
    return (
      <li {...common}>
        <button
          type="button"
          className="lk-row lk-wallet-row"
          onClick={() => connectRegistryWallet(kernel, wallet, installed)}
        >
          <WalletImage wallet={wallet} />
          <span className="lk-grow">{wallet.name}</span>
          {installed && <span className="lk-tag">{t('wallets.installed')}</span>}
        </button>
      </li>
    )
  }
  const webapp = webLink(wallet.webapp_link)
  return (
    <li {...common} data-disabled="true">
      <div className="lk-row lk-wallet-row" aria-disabled="true">
        <WalletImage wallet={wallet} />
        <span className="lk-grow">
          {wallet.name}
          <span className="lk-wallet-note">{t('wallets.needsWalletConnect')}</span>
        </span>
        {webapp && (
          <a href={webapp} target="_blank" rel="noopener noreferrer" data-latchkit="wallet-webapp">
            {t('wallets.openWebApp')}
          </a>
        )}
      </div>
    </li>
  )
}
