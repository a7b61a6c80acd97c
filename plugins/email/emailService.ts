import { ConfigError, type Kernel } from 'latchkit'
import type { EmbeddedWalletService } from 'latchkit/plugins/embedded-wallet'
import { EMBEDDED_WALLET_SERVICE } from './ids'

/**
 * The embedded wallet's service, which every email step goes through; a ConfigError
 * naming the plugin to add when it is missing (the kernel refuses the email plugin
 * without it, so this happens only to code that reaches a view of another kernel).
 *
 * @example
 * await embeddedWalletOf(kernel).request('CONNECT_EMAIL', { email })
 */
export function embeddedWalletOf(kernel: Kernel): EmbeddedWalletService {
  const service = kernel.services.get(EMBEDDED_WALLET_SERVICE) as EmbeddedWalletService | undefined
  if (!service) {
    throw new ConfigError('The email login needs the embedded wallet', {
      code: 'PLUGIN_REQUIREMENT_MISSING',
      details: "Add embeddedWallet({ frameUrl }) from 'latchkit/plugins/embedded-wallet' to the plugins",
    })
  }
  return service
}
