/**
 * EIP-6963: the wallet announces its provider once when installed and again whenever a
 * dApp dispatches `eip6963:requestProvider` (dApps that start later ask this way).
 */
import type { DevWalletInfo } from './types'

/**
 * Announces now and on every request; returns the function that stops answering.
 *
 * @example
 * const stop = announceProvider(window, Object.freeze({ uuid, name, icon, rdns }), provider)
 */
export function announceProvider(
  target: Window,
  info: Readonly<DevWalletInfo>,
  provider: object,
): () => void {
  const detail = Object.freeze({ info, provider })
  const announce = () => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
