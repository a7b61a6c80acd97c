/**
 * What the devstack tells the demo page: the local chains the app configures, the chains
 * and accounts of the dev wallet (which knows one chain the app does not, so a person can
 * see the unsupported-network flow), the fixture contracts, and the local Solana endpoint
 * with the dev Solana wallet's accounts. `npm run demo` serves it as `/devstack.json`; the
 * page reads it once at start, so the app's code is the same code an integrator writes,
 * with RPC URLs that happen to point at anvil and litesvm.
 */
import * as z from 'zod/mini'

const chainSchema = z.object({
  chainId: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  rpcUrl: z.url(),
})

/** 32 bytes in base58: a Solana address or hash. */
const base58Key = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))

export const devstackConfigSchema = z.object({
  /** The local API server (Blockchain API, wallet registry and sign-in at /siwe/*); absent without one. */
  api: z.optional(z.object({ url: z.url() })),
  /** The networks the demo app configures in createKernel. */
  networks: z.array(chainSchema).check(z.minLength(1)),
  /** The dev wallet's chains and accounts; absent when no dev wallet should be installed. */
  devWallet: z.optional(
    z.object({
      chains: z.array(chainSchema).check(z.minLength(1)),
      accounts: z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
    }),
  ),
  /** The local Solana endpoint the app configures with localSolana; absent without one. */
  solana: z.optional(
    z.object({
      name: z.string().check(z.minLength(1)),
      rpcUrl: z.url(),
      /** Subscriptions, on the same port; for tools pointed at the endpoint (the app polls). */
      wsUrl: z.url(),
      /** The CAIP-2 reference is its first 32 characters. */
      genesisHash: base58Key,
    }),
  ),
  /** The dev Solana wallet's endpoint and accounts (fixture keypairs, by address). */
  devSolanaWallet: z.optional(z.object({ rpcUrl: z.url(), accounts: z.array(base58Key) })),
  /** The dev mobile wallet's page (WalletConnect, its own origin); absent without one. */
  mobileWalletUrl: z.optional(z.url()),
  /**
   * The local WalletConnect relay (latchkit's own, ws://127.0.0.1:<port>): the app's and the
   * dev mobile wallet's `relayUrl`; absent without one.
   */
  relayUrl: z.optional(z.string().check(z.regex(/^wss?:\/\/[^\s]+$/))),
  /**
   * Email login: the embedded wallet's frame service (its own origin; the app's
   * `embeddedWallet({ frameUrl })`) and the local mailbox page where its codes land; absent
   * without one. `farcasterAppUrl`: the dev Farcaster app (its own origin), where a person
   * pastes the sign-in code of Farcaster login and approves as a dev fid; absent when the
   * frame service has no Farcaster login.
   */
  embeddedWallet: z.optional(
    z.object({ frameUrl: z.url(), mailboxUrl: z.url(), farcasterAppUrl: z.optional(z.url()) }),
  ),
  /** Fixture token and NFT addresses, the same on every local chain. */
  contracts: z.record(z.string(), z.string()),
})

export type DevstackConfig = z.output<typeof devstackConfigSchema>
export type DevstackChain = z.output<typeof chainSchema>

/** The project id the demo app gives the local API and the frame service (which allows it the page's origin). */
export const DEMO_PROJECT_ID = 'latchkit-demo'

/** Where the devstack serves the config. */
export const DEVSTACK_CONFIG_PATH = '/devstack.json'

/**
 * Fetches and checks the config; undefined when the page is not served by the devstack.
 *
 * @example
 * const config = await loadDevstackConfig()
 * if (!config) showHowToStart()
 */
export async function loadDevstackConfig(): Promise<DevstackConfig | undefined> {
  const response = await fetch(DEVSTACK_CONFIG_PATH, { headers: { accept: 'application/json' } })
  if (!response.ok) return undefined
  return devstackConfigSchema.parse(await response.json())
}
