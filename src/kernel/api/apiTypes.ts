/**
 * The shapes of the one request primitive the kernel offers plugins (`ctx.api.request`).
 * A plugin declares its endpoints with these; the kernel declares none beyond the account
 * reads its own views need.
 */
import type * as z from 'zod/mini'
import type { Query } from '../http'
import type { CaipNetworkId } from '../types'

/**
 * The two services a kernel can be pointed at: the Blockchain API (`options.api.blockchainUrl`:
 * balances, prices, names, swaps, history, on-ramp...) and the wallet-project API
 * (`options.api.walletsUrl`: the wallet registry, images, project settings).
 */
export type ApiService = 'blockchain' | 'wallets'

/** What `request` does with answers: keep them for `ttlMs`, or ask the server afresh. */
export type ApiCachePolicy =
  /** Answers are kept this long under `key` (default: method, path, query and body). */
  | { ttlMs: number; key?: string }
  /** Sent with fetch's `cache: 'no-cache'`, and never kept. */
  | 'no-cache'

/**
 * One API call, as a plugin declares it.
 *
 * @example
 * const quote = await ctx.api.request({
 *   method: 'POST', path: 'v1/onramp/quote', body: { amount: '100' },
 *   schema: quoteSchema, empty: () => placeholderQuote,
 * })
 */
export interface ApiRequest<S extends z.core.$ZodType, E = never> {
  /** Default `'blockchain'`. */
  service?: ApiService
  /** Default `'GET'`. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Relative to the service's base URL, e.g. `v1/account/${encodeURIComponent(address)}/balance`. */
  path: string
  query?: Query
  /** Sent as JSON. */
  body?: unknown
  /** Every answer is parsed with it; a mismatch is a ValidationError naming `endpoint`. */
  schema: S
  /** How logs and errors name the call; default `METHOD path`. */
  endpoint?: string
  /**
   * The network the call is about. Blockchain API calls go out only for a network in the
   * app's list (the active network when this is absent); otherwise `empty` answers.
   */
  chainId?: CaipNetworkId
  /**
   * Whether the network rule above applies. Default: true for the Blockchain API, false for
   * the wallet-project API, whose answers do not depend on a network.
   */
  gated?: boolean
  /**
   * The answer when nothing may be sent: the service is not configured, or the network is
   * not supported. Without it such a call throws (UNSUPPORTED_CHAIN or API_NOT_CONFIGURED).
   */
  empty?: () => E
  cache?: ApiCachePolicy
  /** Skip a kept answer and keep the new one (after a transaction). */
  fresh?: boolean
  signal?: AbortSignal
}

/**
 * The kernel's API access, on `kernel.api` and `ctx.api`. Every request carries `st`,
 * `sv` and `projectId` (POSTs `projectId` only), and `clientId` when configured; it is
 * retried on the request retry policy with Retry-After honoured, and its answer parsed
 * with the caller's schema.
 */
export interface KernelApi {
  /** The base URL of a service, or undefined when the app did not configure it. */
  url(service?: ApiService): string | undefined
  /**
   * Sends one request (or answers from the cache).
   *
   * @example
   * const { balances } = await kernel.api.request({ path: `v1/account/${address}/balance`,
   *   query: { chainId }, chainId, schema: balancesSchema, empty: () => ({ balances: [] }) })
   */
  request<S extends z.core.$ZodType, E = never>(request: ApiRequest<S, E>): Promise<z.output<S> | E>
  /** Drops every kept answer (the kernel does so after each sent transaction). */
  clearCache(): void
}
