/**
 * `kernel.api`: the request primitive of {@link KernelApi}. The network gate, the empty
 * default and the cache live here; sending (fetch, retries, parsing) is imported on the
 * first request, so an app that configures no API carries none of it.
 */
import { CACHE_MAX_ENTRIES, createTtlCache } from '../cache'
import { ConfigError, type LatchError, latchError, messages } from '../errors'
import { loadModule } from '../loadModule'
import type { Logger } from '../logger'
import type { KernelStore } from '../store'
import type { CaipNetworkId, Network } from '../types'
import type { ApiRequest, ApiService, KernelApi } from './apiTypes'
import type { ApiTransportOptions } from './sendApiRequest'

/** What the kernel hands `createApi`: the resolved `options.api` and the identification. */
export interface CreateApiOptions {
  blockchainUrl?: string
  walletsUrl?: string
  clientId?: string
  /** How long a call may take, all its attempts included; default 15 s. */
  deadlineMs?: number
  projectId?: string
  sdkType: string
  sdkVersion: string
  networks: readonly Network[]
  logger: Logger
  store: KernelStore
  /** Sending details tests replace: fetch, the retry policy and its wait, the clock. */
  transport?: ApiTransportOptions
}

function activeNetwork(store: KernelStore): CaipNetworkId | undefined {
  const state = store.getState()
  return state.networks[state.activeNamespace ?? '']?.caipNetwork?.caipNetworkId
}

/**
 * @example
 * const api = createApi({ blockchainUrl, projectId, sdkType: 'latchkit', sdkVersion: '4', networks, logger, store })
 * await api.request({ path: 'v1/supported-chains', gated: false, schema })
 */
export function createApi(options: CreateApiOptions): KernelApi {
  const { logger, store } = options
  const urls: Record<ApiService, string | undefined> = {
    blockchain: options.blockchainUrl,
    wallets: options.walletsUrl,
  }
  if ((urls.blockchain || urls.wallets) && !options.projectId) {
    throw new ConfigError(messages.PROJECT_ID_NOT_CONFIGURED, {
      code: 'PROJECT_ID_NOT_CONFIGURED',
      details:
        'options.api sets an endpoint, which needs options.projectId: createKernel({ projectId, api })',
    })
  }
  const supported = new Set<string>(options.networks.map((network) => network.caipNetworkId))
  // One cache for every endpoint: keys carry the service and the call, so plugins never collide.
  const kept = createTtlCache<string, Promise<unknown>>({
    ttlMs: 30_000,
    maxEntries: CACHE_MAX_ENTRIES,
    now: options.transport?.now,
  })
  async function request<E>(call: ApiRequest<never, E>): Promise<unknown> {
    const service = call.service ?? 'blockchain'
    const method = call.method ?? 'GET'
    const endpoint = call.endpoint ?? `${method} ${call.path}`
    const baseUrl = urls[service]
    const refuse = (error: LatchError) => {
      if (call.empty) return call.empty()
      throw error
    }
    if (!baseUrl) {
      logger.debug(`${endpoint} skipped: no ${service} API configured`)
      return refuse(
        new ConfigError(messages.API_NOT_CONFIGURED, {
          code: 'API_NOT_CONFIGURED',
          details: `${endpoint} needs options.api.${service}Url`,
        }),
      )
    }
    if (call.gated ?? service === 'blockchain') {
      const network = call.chainId ?? activeNetwork(store)
      if (network === undefined || !supported.has(network)) {
        logger.debug(`${endpoint} skipped: network ${network ?? '(none)'} is not in the app's list`)
        return refuse(
          latchError('UNSUPPORTED_CHAIN', {}, { details: `${endpoint} for ${network ?? 'no network'}` }),
        )
      }
    }
    const send = async () =>
      (await loadModule(() => import('./sendApiRequest'), 'the API client')).sendApiRequest(call, {
        baseUrl,
        endpoint,
        method,
        identification: {
          projectId: options.projectId as string,
          sdkType: options.sdkType,
          sdkVersion: options.sdkVersion,
          clientId: options.clientId,
        },
        logger,
        deadlineMs: options.deadlineMs,
        ...options.transport,
      })
    const policy = call.cache
    if (!policy || policy === 'no-cache') return send()
    const key = `${service} ${policy.key ?? `${method} ${call.path} ${JSON.stringify(call.query ?? {})} ${JSON.stringify(call.body ?? null)}`}`
    const hit = call.fresh ? undefined : kept.get(key)
    if (hit) return hit
    // The promise is kept, so concurrent callers share one request; a failure is not kept.
    const promise = send()
    kept.set(key, promise, policy.ttlMs)
    promise.catch(() => {
      if (kept.get(key) === promise) kept.delete(key)
    })
    return promise
  }

  return {
    url: (service = 'blockchain') => urls[service],
    request: request as KernelApi['request'],
    clearCache: () => kept.clear(),
  }
}
