import type { Kernel } from 'latchkit'
import { type EmbeddedWalletService, embeddedWalletOf as serviceOf } from 'latchkit/plugins/embedded-wallet'

/**
 * The embedded wallet's service, which every email step goes through (a ConfigError
 * naming the plugin to add when it is missing).
 *
 * @example
 * await embeddedWalletOf(kernel).request('CONNECT_EMAIL', { email })
 */
export function embeddedWalletOf(kernel: Kernel): EmbeddedWalletService {
  return serviceOf(kernel, 'The email login')
}
