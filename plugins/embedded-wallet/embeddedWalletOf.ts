import { ConfigError, type Kernel } from 'latchkit'
import type { EmbeddedWalletService } from './authSession'
import { EMBEDDED_WALLET_PLUGIN_ID } from './ids'

/**
 * The embedded wallet's service, which every step of a login plugin (email, social) goes
 * through; a ConfigError naming the plugin to add when it is missing (the kernel refuses
 * such a plugin without it, so this happens only to code that reaches a view of another
 * kernel).
 *
 * @example
 * await embeddedWalletOf(kernel, 'The social login').request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
 */
export function embeddedWalletOf(kernel: Kernel, feature: string): EmbeddedWalletService {
  const service = kernel.services.get(EMBEDDED_WALLET_PLUGIN_ID) as EmbeddedWalletService | undefined
  if (!service) {
    throw new ConfigError(`${feature} needs the embedded wallet`, {
      code: 'PLUGIN_REQUIREMENT_MISSING',
      details: "Add embeddedWallet({ frameUrl }) from 'latchkit/plugins/embedded-wallet' to the plugins",
    })
  }
  return service
}
