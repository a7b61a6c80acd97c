import type { RegistryWallet } from 'latchkit'

/**
 * A wallet's link with the pairing URI attached, the way wallets expect it: a universal
 * (https) link gets `/wc?uri=`, a custom scheme `scheme://wc?uri=`.
 *
 * @example
 * walletLink('https://wallet.example/app', 'wc:abc@2?...') // 'https://wallet.example/app/wc?uri=wc%3Aabc%402%3F...'
 * walletLink('examplewallet://', 'wc:abc@2?...') // 'examplewallet://wc?uri=wc%3Aabc%402%3F...'
 */
export function walletLink(base: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (/^https?:\/\//i.test(base)) return `${base.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = base.includes('://')
    ? base.slice(0, base.indexOf('://') + 3)
    : `${base.replace(/:+$/, '')}://`
  return `${scheme}wc?uri=${encoded}`
}

/** True on a phone or tablet, where a wallet app opens from its mobile link. */
export function isMobileDevice(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)
}

/** A link that is safe to open: http(s) or a custom scheme, never javascript: or data:. */
function isOpenable(link: string | null | undefined): link is string {
  if (!link) return false
  return /^(https?:\/\/|[a-z][a-z0-9+.-]*:)/i.test(link) && !/^(javascript|data|vbscript|file):/i.test(link)
}

/**
 * The links that open `wallet` with the pairing URI on this platform: its app (mobile
 * link on a phone, desktop link elsewhere) and its web app, each only when the registry
 * has one.
 *
 * @example
 * walletLinksFor(wallet, uri, isMobileDevice(navigator.userAgent)) // { app: 'https://...', web: undefined }
 */
export function walletLinksFor(
  wallet: RegistryWallet | undefined,
  uri: string,
  mobile: boolean,
): { app?: string; web?: string } {
  if (!wallet) return {}
  const app = mobile ? wallet.mobile_link : wallet.desktop_link
  return {
    ...(isOpenable(app) ? { app: walletLink(app, uri) } : {}),
    ...(isOpenable(wallet.webapp_link) && /^https?:/i.test(wallet.webapp_link)
      ? { web: walletLink(wallet.webapp_link, uri) }
      : {}),
  }
}
