import type { Kernel } from 'latchkit'
import { type EmbeddedWalletService, embeddedWalletOf } from 'latchkit/plugins/embedded-wallet'

/**
 * The embedded wallet's service as the email login reaches it: every email step goes
 * through it (a ConfigError naming the plugin to add when it is missing).
 *
 * @example
 * await emailWallet(kernel).request('CONNECT_EMAIL', { email })
 */
export function emailWallet(kernel: Kernel): EmbeddedWalletService {
  return embeddedWalletOf(kernel, 'The email login')
}
