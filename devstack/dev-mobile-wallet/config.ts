/**
 * What the dev mobile wallet page is told by the server that serves it: the relay it
 * talks through, the EVM chains it holds accounts on and the local Solana endpoint. The
 * page reads it from a window global; `?relay=` in the page's URL overrides the relay (a
 * person pointing the wallet at another relay, a test with its own).
 */
import * as z from 'zod/mini'

const chainSchema = z.object({
  chainId: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  rpcUrl: z.url(),
})

export const mobileWalletConfigSchema = z.object({
  /** The WalletConnect relay (ws:// or wss://); absent until one is configured or given in `?relay=`. */
  relayUrl: z.optional(z.string().check(z.regex(/^wss?:\/\//))),
  /** The project id the relay is asked with; a local relay accepts any. */
  projectId: z.string().check(z.minLength(1)),
  /** EVM chains the wallet approves sessions on, the first selected at start. */
  chains: z.array(chainSchema).check(z.minLength(1)),
  /** The local Solana endpoint; absent: the wallet offers no Solana accounts. */
  solana: z.optional(z.object({ rpcUrl: z.url(), genesisHash: z.string().check(z.minLength(32)) })),
})

export type MobileWalletConfig = z.output<typeof mobileWalletConfigSchema>
export type MobileWalletChain = z.output<typeof chainSchema>

/** The window global the server writes the config into. */
export const MOBILE_WALLET_CONFIG_GLOBAL = 'latchMobileWalletConfig'

/** The project id the devstack's wallet and dapp use with the local relay. */
export const DEV_PROJECT_ID = 'latchkit-devstack'

/** The wallet's storage prefix, so it never shares keys with a dapp on the same origin. */
export const MOBILE_WALLET_STORAGE_PREFIX = 'latch-dev-mobile-wallet'

/** `solana:` and the first 32 characters of the genesis hash. */
export const solanaChainOf = (genesisHash: string) => `solana:${genesisHash.slice(0, 32)}`
