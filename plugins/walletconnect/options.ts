import { ConfigError } from 'latchkit'
import * as z from 'zod/mini'

/** What the dapp tells wallets about itself (shown in the wallet's approval screen). */
export interface WalletConnectMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

export interface WalletConnectOptions {
  /**
   * The relay's WebSocket URL, e.g. `wss://relay.example/relay`: Latchkit's own relay
   * (`latchkit-server --relay`) or any WalletConnect v2 relay. There is no default, so no
   * connection goes to a vendor's relay unless you name it.
   */
  relayUrl: string
  /** Sent to the relay with every connection. Default: the kernel's `projectId`, else 'latchkit'. */
  projectId?: string
  /** About your app, for the wallet's approval screen. Default: the kernel's `metadata`. */
  metadata?: WalletConnectMetadata
  /**
   * Proves your app's origin to wallets (WalletConnect's Verify API): called for each
   * proposal and request with the message ids, it returns an attestation id (or undefined).
   * Default: none, so nothing is attested, no frame is loaded, no request leaves the page
   * and connecting never waits for one; wallets then show your origin as unverified.
   */
  attestation?: (message: { id: string; decryptedId: string }) => Promise<string | undefined>
  /** Prefix of the SDK's storage keys; give each kernel on one page its own. Default 'latchkit'. */
  storagePrefix?: string
}

const optionsSchema = z.object({
  relayUrl: z.string().check(z.regex(/^wss?:\/\/[^\s]+$/, 'a ws:// or wss:// URL')),
  projectId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  metadata: z.optional(
    z.object({
      name: z.string().check(z.minLength(1)),
      description: z.optional(z.string()),
      url: z.optional(z.url()),
      icons: z.optional(z.array(z.url())),
    }),
  ),
  attestation: z.optional(z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function')),
  storagePrefix: z.optional(z.string().check(z.regex(/^[\w.-]{1,64}$/, 'letters, digits, dot, dash'))),
})

/**
 * Throws a ConfigError naming every bad field, so a wrong relay URL fails at start-up
 * rather than on the visitor's first connect.
 *
 * @example
 * checkOptions({ relayUrl: 'wss://relay.example/relay' })
 */
export function checkOptions(options: WalletConnectOptions): void {
  const result = z.safeParse(optionsSchema, options)
  if (result.success) return
  const where = result.error.issues.map((issue) => issue.path.join('.') || '(options)').join(', ')
  throw new ConfigError('Invalid walletConnect options', {
    code: 'INVALID_OPTIONS',
    details: `Check ${where}. walletConnect({ relayUrl }) needs the ws:// or wss:// URL of a WalletConnect v2 relay.`,
  })
}
