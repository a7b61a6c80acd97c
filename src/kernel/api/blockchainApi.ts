/**
 * The Blockchain API client of SPEC §7: one typed function per endpoint, each answer
 * parsed with zod, `st`/`sv`/`projectId` on every GET, the supported-network gate, the
 * SPEC §9 request retry policy (with Retry-After) and the SPEC §9 caches. It is created by
 * {@link createBlockchainApi} and owns its caches: two clients share nothing.
 */
import type * as z from 'zod/mini'
import { createTtlCache, ENS_TTL_MS, IDENTITY_TTL_MS, PORTFOLIO_TTL_MS, type TtlCache } from '../cache'
import { latchError } from '../errors'
import { createHttpClient, type HttpClientOptions, type HttpMethod, type Query } from '../http'
import type { Logger } from '../logger'
import { type RetryPolicy, requestRetryPolicy, type Sleep, withRetry } from '../retry'
import type { CaipNetworkId, TokenBalance } from '../types'
import { parseWith } from '../validation'
import {
  type AccountNfts,
  type Allowance,
  type ApproveTransaction,
  accountBalanceSchema,
  accountNftsSchema,
  allowanceSchema,
  anyObjectSchema,
  approveTransactionSchema,
  type ConvertQuotes,
  type ConvertTokens,
  type ConvertTransaction,
  convertQuotesSchema,
  convertTokensSchema,
  convertTransactionSchema,
  type FungiblePrices,
  fungiblePriceSchema,
  type GasPrice,
  gasPriceSchema,
  type Identity,
  identitySchema,
  type NameSuggestions,
  nameSuggestionsSchema,
  type OnrampOptions,
  type OnrampQuote,
  onrampOptionsSchema,
  onrampQuoteSchema,
  onrampUrlSchema,
  type Profile,
  profileSchema,
  profilesSchema,
  type Sessions,
  type SupportedChains,
  sessionsSchema,
  successSchema,
  supportedChainsSchema,
  type Transactions,
  transactionsSchema,
} from './blockchainSchemas'
import { API_TIMEOUT_MS } from './constants'
import { onrampFallbackOptions, placeholderOnrampQuote } from './onrampFallback'

export interface BlockchainApiOptions {
  baseUrl: string
  projectId: string
  /** Sent as `st` on every GET. */
  sdkType: string
  /** Sent as `sv` on every GET. */
  sdkVersion: string
  /** Appended as `clientId` when set (SPEC §7 'Generic HTTP wrapper'). */
  clientId?: string
  fetch?: HttpClientOptions['fetch']
  /**
   * SPEC §7 gate: whether the API may be called for a network. A call for an unsupported
   * network sends nothing and returns the endpoint's empty default.
   */
  isSupportedNetwork: (caipNetworkId: CaipNetworkId) => boolean
  /** The active network; the gate checks it for calls that carry no chain id of their own. */
  activeNetwork?: () => CaipNetworkId | undefined
  logger: Logger
  /** Per-attempt timeout (default {@link API_TIMEOUT_MS}); a timed-out attempt is retried. */
  timeoutMs?: number
  /** Default: SPEC §9 request retry (3 retries, 150 ms doubling, Retry-After honoured). */
  retryPolicy?: RetryPolicy
  /** Clock of the caches; injectable for tests. */
  now?: () => number
  /** Wait between retries; injectable for tests. */
  sleep?: Sleep
}

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal
}

export interface GetIdentityParameters extends CallOptions {
  address: string
  /** Network to resolve on; default the active one. */
  chainId?: CaipNetworkId
  sender?: string
}

export interface GetTransactionsParameters extends CallOptions {
  account: string
  cursor?: string
  /** The onramp provider whose history to read (fetched with cache: no-cache). */
  onramp?: string
  chainId?: CaipNetworkId
}

export interface GetConvertQuotesParameters extends CallOptions {
  amount: string
  userAddress: string
  from: string
  to: string
  gasPrice: string
  chainId?: CaipNetworkId
}

export interface GetConvertTokensParameters extends CallOptions {
  chainId: CaipNetworkId
}

export interface GetTokenPriceParameters extends CallOptions {
  /** CAIP-10 token addresses. */
  addresses: readonly string[]
  currency?: 'usd'
  chainId?: CaipNetworkId
}

export interface GetConvertAllowanceParameters extends CallOptions {
  tokenAddress: string
  userAddress: string
  chainId?: CaipNetworkId
}

export interface GetGasPriceParameters extends CallOptions {
  chainId: CaipNetworkId
}

export interface BuildConvertTransactionParameters extends CallOptions {
  amount: string
  from: string
  to: string
  userAddress: string
  /** SPEC §9 slippage tolerance 1 (percent). */
  slippage?: number
  disableEstimate?: boolean
  chainId?: CaipNetworkId
}

export interface BuildConvertApproveParameters extends CallOptions {
  userAddress: string
  from: string
  to: string
  amount?: string
  chainId?: CaipNetworkId
}

export interface GetAccountBalanceParameters extends CallOptions {
  address: string
  chainId: CaipNetworkId
  currency?: 'usd'
  /** Skip the 30 s portfolio cache and ask the server to refresh (after a transaction). */
  forceUpdate?: boolean
}

export interface GetAccountNftsParameters extends CallOptions {
  address: string
  chainId: CaipNetworkId
  /** Skip the 30 s portfolio cache (after a transaction). */
  forceUpdate?: boolean
}

export interface GetProfileAccountParameters extends CallOptions {
  name: string
  apiVersion?: number
}

export interface GetProfileReverseParameters extends CallOptions {
  address: string
  sender?: string
  apiVersion?: number
}

export interface GetNameSuggestionsParameters extends CallOptions {
  name: string
  zone?: string
}

export interface RegisterNameParameters extends CallOptions {
  coinType: number | string
  address: string
  /** The signed registration message (JSON text). */
  message: string
  signature: string
}

export interface GenerateOnrampUrlParameters extends CallOptions {
  destinationWallets: readonly {
    address: string
    blockchains?: readonly string[]
    assets?: readonly string[]
  }[]
  defaultNetwork?: string
  partnerUserId: string
  purchaseAmount?: number | string
  paymentAmount?: number | string
}

export interface GetOnrampQuoteParameters extends CallOptions {
  purchaseCurrency: { id: string; symbol?: string }
  paymentCurrency: { id: string }
  amount: string
  network: string
}

export interface SessionsParameters extends CallOptions {
  address: string
}

export interface RevokeSessionParameters extends SessionsParameters {
  pci: string
  signature: string
}

/** The account balance answer, normalised to the kernel's TokenBalance. */
export interface AccountBalance {
  balances: TokenBalance[]
}

/** A Blockchain API client. Every function is independent; none throws for an unsupported network. */
export interface BlockchainApi {
  readonly baseUrl: string
  /** GET v1/supported-chains. Not gated: it says which chains are supported. */
  getSupportedChains(options?: CallOptions): Promise<SupportedChains>
  /** GET /v1/identity/{address}; cached 5 min. Empty default: no name, no avatar. */
  getIdentity(params: GetIdentityParameters): Promise<Identity>
  /** GET /v1/account/{account}/history. Empty default: no data, no cursor. */
  getTransactions(params: GetTransactionsParameters): Promise<Transactions>
  /** GET /v1/convert/quotes. Empty default: no quotes. */
  getConvertQuotes(params: GetConvertQuotesParameters): Promise<ConvertQuotes>
  /** GET /v1/convert/tokens. Empty default: no tokens. */
  getConvertTokens(params: GetConvertTokensParameters): Promise<ConvertTokens>
  /** POST /v1/fungible/price. Empty default: no prices. */
  getTokenPrice(params: GetTokenPriceParameters): Promise<FungiblePrices>
  /** GET /v1/convert/allowance. Empty default: allowance '0'. */
  getConvertAllowance(params: GetConvertAllowanceParameters): Promise<Allowance>
  /** GET /v1/convert/gas-price. Throws 'Network not supported for Gas Price' when gated (SPEC §8). */
  getGasPrice(params: GetGasPriceParameters): Promise<GasPrice>
  /** POST /v1/convert/build-transaction. Empty default: undefined. */
  buildConvertTransaction(params: BuildConvertTransactionParameters): Promise<ConvertTransaction | undefined>
  /** GET /v1/convert/build-approve. Empty default: undefined. */
  buildConvertApprove(params: BuildConvertApproveParameters): Promise<ApproveTransaction | undefined>
  /** GET /v1/account/{address}/balance; cached 30 s unless forceUpdate. Empty default: no balances. */
  getAccountBalance(params: GetAccountBalanceParameters): Promise<AccountBalance>
  /**
   * GET /v1/account/{address}/nfts (an extension the local API serves; not in SPEC §7);
   * cached 30 s unless forceUpdate. Empty default: no NFTs.
   */
  getAccountNfts(params: GetAccountNftsParameters): Promise<AccountNfts>
  /** GET /v1/profile/account/{name}; cached 5 min. Empty default: undefined. */
  getProfileAccount(params: GetProfileAccountParameters): Promise<Profile | undefined>
  /** GET /v1/profile/reverse/{address}; cached 5 min. Empty default: []. */
  getProfileReverse(params: GetProfileReverseParameters): Promise<Profile[]>
  /** GET /v1/profile/suggestions/{name}. Empty default: no suggestions. */
  getNameSuggestions(params: GetNameSuggestionsParameters): Promise<NameSuggestions>
  /** POST /v1/profile/account. Empty default: undefined. */
  registerName(params: RegisterNameParameters): Promise<Record<string, unknown> | undefined>
  /** POST /v1/generators/onrampurl. Empty default: ''. */
  generateOnrampUrl(params: GenerateOnrampUrlParameters): Promise<string>
  /** GET /v1/onramp/options; on failure the SPEC §8 fallback. Empty default: no currencies. */
  getOnrampOptions(options?: CallOptions): Promise<OnrampOptions>
  /** POST /v1/onramp/quote; on failure a placeholder quote (SPEC §8). */
  getOnrampQuote(params: GetOnrampQuoteParameters): Promise<OnrampQuote>
  /** GET /v1/sessions/{address}. Empty default: no sessions. */
  getSessions(params: SessionsParameters): Promise<Sessions>
  /** POST /v1/sessions/{address}/revoke. Empty default: { success: false }. */
  revokeSession(params: RevokeSessionParameters): Promise<{ success: boolean }>
  /** Drops every cached answer. */
  clearCache(): void
}

/** SPEC §9 slippage tolerance. */
export const CONVERT_SLIPPAGE_TOLERANCE = 1

function segment(value: string): string {
  return encodeURIComponent(value)
}

/**
 * Creates a Blockchain API client.
 *
 * @example
 * const api = createBlockchainApi({
 *   baseUrl: 'http://127.0.0.1:8787', projectId: 'demo', sdkType: 'latchkit', sdkVersion: '4',
 *   isSupportedNetwork: (id) => id === 'eip155:31337', activeNetwork: () => 'eip155:31337', logger,
 * })
 * const { balances } = await api.getAccountBalance({ address, chainId: 'eip155:31337' })
 */
export function createBlockchainApi(options: BlockchainApiOptions): BlockchainApi {
  const { projectId, sdkType, sdkVersion, logger, isSupportedNetwork } = options
  const retryPolicy = options.retryPolicy ?? requestRetryPolicy
  const now = options.now ?? (() => Date.now())
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
    now,
  })
  // Cache keys keep an address as given: Solana addresses are case-sensitive, so folding
  // case could serve one account's answer for another. An EVM address in two spellings
  // costs one extra request, never a wrong answer.
  const portfolio = createTtlCache<string, Promise<AccountBalance>>({ ttlMs: PORTFOLIO_TTL_MS, now })
  const identities = createTtlCache<string, Promise<Identity>>({ ttlMs: IDENTITY_TTL_MS, now })
  const names = createTtlCache<string, Promise<unknown>>({ ttlMs: ENS_TTL_MS, now })
  const nfts = createTtlCache<string, Promise<AccountNfts>>({ ttlMs: PORTFOLIO_TTL_MS, now })

  /** SPEC §7: calls go out only for a supported network; with none known, nothing goes out. */
  function allowed(chainId: CaipNetworkId | undefined): boolean {
    const network = chainId ?? options.activeNetwork?.()
    const ok = network !== undefined && isSupportedNetwork(network)
    if (!ok) logger.debug(`Blockchain API call skipped: network ${network ?? '(none)'} is not supported`)
    return ok
  }

  async function call<S extends z.core.$ZodType>(
    method: HttpMethod,
    path: string,
    endpoint: string,
    schema: S,
    init: { query?: Query; body?: unknown; signal?: AbortSignal; cache?: RequestCache } = {},
  ): Promise<z.output<S>> {
    // SPEC §7: st, sv and projectId on every GET. POSTs carry projectId too, which the
    // server needs to authorise them; st and sv are GET-only as the spec says.
    const query: Query =
      method === 'GET'
        ? { ...init.query, projectId, st: sdkType, sv: sdkVersion }
        : { ...init.query, projectId }
    const raw = await withRetry(
      () => http.request(method, path, { query, body: init.body, signal: init.signal, cache: init.cache }),
      retryPolicy,
      {
        signal: init.signal,
        sleep: options.sleep,
        onRetry: ({ attempt, delayMs, error }) =>
          logger.debug(`${endpoint}: retry ${attempt} in ${delayMs} ms`, error),
      },
    )
    return parseWith(schema, raw, endpoint)
  }

  /** Caches the promise so concurrent callers share one request; a failure is not kept. */
  function cached<T>(cache: TtlCache<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key)
    if (hit) return hit
    const promise = load()
    cache.set(key, promise)
    promise.catch(() => {
      if (cache.get(key) === promise) cache.delete(key)
    })
    return promise
  }

  return {
    baseUrl: options.baseUrl,

    getSupportedChains: ({ signal } = {}) =>
      call('GET', 'v1/supported-chains', 'GET /v1/supported-chains', supportedChainsSchema, { signal }),

    async getIdentity({ address, chainId, sender, signal }) {
      const network = chainId ?? options.activeNetwork?.()
      if (!allowed(network)) return { name: null, avatar: null }
      return cached(identities, `${network}|${address}|${sender ?? ''}`, async () => {
        const answer = await call(
          'GET',
          `v1/identity/${segment(address)}`,
          'GET /v1/identity/{address}',
          identitySchema,
          {
            query: { chainId: network, sender },
            signal,
          },
        )
        return { name: answer.name ?? null, avatar: answer.avatar ?? null }
      })
    },

    async getTransactions({ account, cursor, onramp, chainId, signal }) {
      if (!allowed(chainId)) return { data: [], next: null }
      const answer = await call(
        'GET',
        `v1/account/${segment(account)}/history`,
        'GET /v1/account/{account}/history',
        transactionsSchema,
        // SPEC §7: the onramp provider's history is never served from a cache.
        { query: { cursor, onramp, chainId }, signal, cache: onramp ? 'no-cache' : undefined },
      )
      return { data: answer.data, next: answer.next ?? null }
    },

    async getConvertQuotes({ amount, userAddress, from, to, gasPrice, chainId, signal }) {
      if (!allowed(chainId)) return { quotes: [] }
      return call('GET', 'v1/convert/quotes', 'GET /v1/convert/quotes', convertQuotesSchema, {
        query: { amount, userAddress, from, to, gasPrice },
        signal,
      })
    },

    async getConvertTokens({ chainId, signal }) {
      if (!allowed(chainId)) return { tokens: [] }
      return call('GET', 'v1/convert/tokens', 'GET /v1/convert/tokens', convertTokensSchema, {
        query: { chainId },
        signal,
      })
    },

    async getTokenPrice({ addresses, currency = 'usd', chainId, signal }) {
      if (!allowed(chainId)) return { fungibles: [] }
      return call('POST', 'v1/fungible/price', 'POST /v1/fungible/price', fungiblePriceSchema, {
        body: { currency, addresses, projectId },
        signal,
      })
    },

    async getConvertAllowance({ tokenAddress, userAddress, chainId, signal }) {
      if (!allowed(chainId)) return { allowance: '0' }
      return call('GET', 'v1/convert/allowance', 'GET /v1/convert/allowance', allowanceSchema, {
        query: { tokenAddress, userAddress },
        signal,
      })
    },

    async getGasPrice({ chainId, signal }) {
      if (!allowed(chainId)) throw latchError('GAS_PRICE_NETWORK_UNSUPPORTED', {}, { details: chainId })
      return call('GET', 'v1/convert/gas-price', 'GET /v1/convert/gas-price', gasPriceSchema, {
        query: { chainId },
        signal,
      })
    },

    async buildConvertTransaction({
      amount,
      from,
      to,
      userAddress,
      slippage,
      disableEstimate,
      chainId,
      signal,
    }) {
      if (!allowed(chainId)) return undefined
      return call(
        'POST',
        'v1/convert/build-transaction',
        'POST /v1/convert/build-transaction',
        convertTransactionSchema,
        {
          body: {
            amount,
            eip155: { slippage: String(slippage ?? CONVERT_SLIPPAGE_TOLERANCE) },
            projectId,
            from,
            to,
            userAddress,
            disableEstimate,
          },
          signal,
        },
      )
    },

    async buildConvertApprove({ userAddress, from, to, amount, chainId, signal }) {
      if (!allowed(chainId)) return undefined
      return call(
        'GET',
        'v1/convert/build-approve',
        'GET /v1/convert/build-approve',
        approveTransactionSchema,
        {
          query: { userAddress, from, to, amount },
          signal,
        },
      )
    },

    async getAccountBalance({ address, chainId, currency = 'usd', forceUpdate, signal }) {
      if (!allowed(chainId)) return { balances: [] }
      const key = `${chainId}|${address}|${currency}`
      const load = async (): Promise<AccountBalance> => {
        const answer = await call(
          'GET',
          `v1/account/${segment(address)}/balance`,
          'GET /v1/account/{address}/balance',
          accountBalanceSchema,
          { query: { currency, chainId, forceUpdate: forceUpdate ? true : undefined }, signal },
        )
        return {
          balances: answer.balances.map((balance) => ({
            name: balance.name,
            symbol: balance.symbol,
            chainId: balance.chainId as CaipNetworkId,
            address: balance.address ?? undefined,
            value: balance.value ?? undefined,
            price: balance.price ?? 0,
            quantity: { decimals: balance.quantity.decimals, numeric: balance.quantity.numeric },
            iconUrl: balance.iconUrl ?? undefined,
          })),
        }
      }
      if (forceUpdate) portfolio.delete(key)
      return cached(portfolio, key, load)
    },

    async getAccountNfts({ address, chainId, forceUpdate, signal }) {
      if (!allowed(chainId)) return { data: [] }
      const key = `${chainId}|${address}`
      if (forceUpdate) nfts.delete(key)
      return cached(nfts, key, () =>
        call(
          'GET',
          `v1/account/${segment(address)}/nfts`,
          'GET /v1/account/{address}/nfts',
          accountNftsSchema,
          {
            query: { chainId },
            signal,
          },
        ),
      )
    },

    async getProfileAccount({ name, apiVersion, signal }) {
      if (!allowed(undefined)) return undefined
      return cached(
        names as TtlCache<string, Promise<Profile>>,
        `account|${name.toLowerCase()}|${apiVersion ?? ''}`,
        () =>
          call(
            'GET',
            `v1/profile/account/${segment(name)}`,
            'GET /v1/profile/account/{name}',
            profileSchema,
            {
              query: { apiVersion },
              signal,
            },
          ),
      )
    },

    async getProfileReverse({ address, sender, apiVersion, signal }) {
      if (!allowed(undefined)) return []
      return cached(
        names as TtlCache<string, Promise<Profile[]>>,
        `reverse|${address}|${sender ?? ''}|${apiVersion ?? ''}`,
        () =>
          call(
            'GET',
            `v1/profile/reverse/${segment(address)}`,
            'GET /v1/profile/reverse/{address}',
            profilesSchema,
            {
              query: { sender, apiVersion },
              signal,
            },
          ),
      )
    },

    async getNameSuggestions({ name, zone, signal }) {
      if (!allowed(undefined)) return { suggestions: [] }
      return call(
        'GET',
        `v1/profile/suggestions/${segment(name)}`,
        'GET /v1/profile/suggestions/{name}',
        nameSuggestionsSchema,
        { query: { zone }, signal },
      )
    },

    async registerName({ coinType, address, message, signature, signal }) {
      if (!allowed(undefined)) return undefined
      const answer = await call('POST', 'v1/profile/account', 'POST /v1/profile/account', anyObjectSchema, {
        body: { coin_type: coinType, address, message, signature },
        signal,
      })
      // A new name must not be answered from a stale reverse lookup.
      names.clear()
      return answer
    },

    async generateOnrampUrl({
      destinationWallets,
      defaultNetwork,
      partnerUserId,
      purchaseAmount,
      paymentAmount,
      signal,
    }) {
      if (!allowed(undefined)) return ''
      const answer = await call(
        'POST',
        'v1/generators/onrampurl',
        'POST /v1/generators/onrampurl',
        onrampUrlSchema,
        {
          body: {
            destinationWallets,
            defaultNetwork,
            partnerUserId,
            defaultExperience: 'buy',
            presetCryptoAmount: purchaseAmount,
            presetFiatAmount: paymentAmount,
          },
          signal,
        },
      )
      return answer.url
    },

    async getOnrampOptions({ signal } = {}) {
      if (!allowed(undefined)) return { purchaseCurrencies: [], paymentCurrencies: [] }
      try {
        return await call('GET', 'v1/onramp/options', 'GET /v1/onramp/options', onrampOptionsSchema, {
          signal,
        })
      } catch (error) {
        // SPEC §8: a built-in fallback keeps the buy form usable.
        logger.warn('onramp options unavailable, using the built-in fallback', error)
        return onrampFallbackOptions()
      }
    },

    async getOnrampQuote({ purchaseCurrency, paymentCurrency, amount, network, signal }) {
      const placeholder = () =>
        placeholderOnrampQuote({
          amount,
          paymentCurrency: paymentCurrency.id,
          purchaseCurrency: purchaseCurrency.id,
        })
      if (!allowed(undefined))
        return placeholderOnrampQuote({
          amount: '0',
          paymentCurrency: paymentCurrency.id,
          purchaseCurrency: purchaseCurrency.id,
        })
      try {
        return await call('POST', 'v1/onramp/quote', 'POST /v1/onramp/quote', onrampQuoteSchema, {
          body: { purchaseCurrency, paymentCurrency, amount, network },
          signal,
        })
      } catch (error) {
        // SPEC §8: a placeholder quote rather than an error.
        logger.warn('onramp quote unavailable, using a placeholder', error)
        return placeholder()
      }
    },

    async getSessions({ address, signal }) {
      if (!allowed(undefined)) return { pcis: [] }
      return call('GET', `v1/sessions/${segment(address)}`, 'GET /v1/sessions/{address}', sessionsSchema, {
        signal,
      })
    },

    async revokeSession({ address, pci, signature, signal }) {
      if (!allowed(undefined)) return { success: false }
      const answer = await call(
        'POST',
        `v1/sessions/${segment(address)}/revoke`,
        'POST /v1/sessions/{address}/revoke',
        successSchema,
        { body: { pci, signature }, signal },
      )
      return { success: answer.success }
    },

    clearCache() {
      portfolio.clear()
      nfts.clear()
      identities.clear()
      names.clear()
    },
  }
}
