/**
 * The wallet-project API client of SPEC §7: the wallet registry, wallet and asset images,
 * the analytics switch and the allowed origins. Failures of the last two never surface:
 * analytics is off and the origin list is empty (SPEC §7), so a project API outage cannot
 * block the widget.
 */

import { type LatchError, latchError } from '../errors'
import { createHttpClient, type HttpClientOptions, type Query } from '../http'
import type { Logger } from '../logger'
import { type RetryPolicy, requestRetryPolicy, type Sleep, withRetry } from '../retry'
import { parseWith } from '../validation'
import { API_TIMEOUT_MS } from './constants'
import { type ImageKind, projectImageUrl } from './imageUrl'
import { isOriginAllowed } from './origins'
import {
  type AnalyticsConfig,
  allowedOriginsSchema,
  analyticsConfigSchema,
  type WalletList,
  walletListSchema,
} from './walletsSchemas'

export interface WalletsApiOptions {
  baseUrl: string
  projectId: string
  sdkType: string
  sdkVersion: string
  clientId?: string
  fetch?: HttpClientOptions['fetch']
  logger?: Logger
  /** Per-attempt timeout (default 10 s). */
  timeoutMs?: number
  /** Default: SPEC §9 request retry. */
  retryPolicy?: RetryPolicy
  sleep?: Sleep
}

/** Query of GET /getWallets (SPEC §7). Lists are sent comma-separated. */
export interface GetWalletsParameters {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  search?: string
  badge_type?: 'certified' | 'none' | (string & {})
  /** CAIP-2 ids the wallets must support. */
  chains?: readonly string[]
  signal?: AbortSignal
}

export interface WalletsApi {
  readonly baseUrl: string
  /** GET /getWallets: one page of the registry and the total count after filters. */
  getWallets(params: GetWalletsParameters): Promise<WalletList>
  /** The URL of an image (wallet by default), with projectId, st and sv, for an `<img src>`. */
  imageUrl(id: string, kind?: ImageKind): string
  /** GET /getAnalyticsConfig; any failure means analytics is off. */
  getAnalyticsConfig(options?: { signal?: AbortSignal }): Promise<AnalyticsConfig>
  /** GET /projects/v1/origins; any failure means an empty list (everything allowed). */
  getAllowedOrigins(options?: { signal?: AbortSignal }): Promise<string[]>
  /**
   * The 'Invalid App Configuration' error when the project lists allowed origins and
   * `origin` is not one of them; `undefined` when the origin may use the project.
   */
  checkOrigin(origin: string, options?: { signal?: AbortSignal }): Promise<LatchError | undefined>
}

/**
 * Creates a wallet-project API client.
 *
 * @example
 * const wallets = createWalletsApi({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo', sdkType: 'latchkit', sdkVersion: '4' })
 * const { data, count } = await wallets.getWallets({ page: 1, entries: 40 })
 * const problem = await wallets.checkOrigin(location.origin) // LatchError 'Invalid App Configuration' or undefined
 */
export function createWalletsApi(options: WalletsApiOptions): WalletsApi {
  const { projectId, sdkType, sdkVersion, logger } = options
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
  })
  const identification = { projectId, st: sdkType, sv: sdkVersion }

  function get(
    path: string,
    query: Query,
    signal: AbortSignal | undefined,
    endpoint: string,
  ): Promise<unknown> {
    return withRetry(
      () => http.get(path, { query: { ...query, ...identification }, signal }),
      options.retryPolicy ?? requestRetryPolicy,
      {
        signal,
        sleep: options.sleep,
        onRetry: ({ attempt, delayMs, error }) =>
          logger?.debug(`${endpoint}: retry ${attempt} in ${delayMs} ms`, error),
      },
    )
  }

  async function getAllowedOrigins({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
    try {
      const raw = await get('projects/v1/origins', {}, signal, 'GET /projects/v1/origins')
      return parseWith(allowedOriginsSchema, raw, 'GET /projects/v1/origins').allowedOrigins
    } catch (error) {
      logger?.warn('allowed origins unavailable; treating the list as empty', error)
      return []
    }
  }

  return {
    baseUrl: options.baseUrl,

    async getWallets({ page, entries, include, exclude, search, badge_type, chains, signal }) {
      const raw = await get(
        'getWallets',
        { page, entries, include, exclude, search: search || undefined, badge_type, chains },
        signal,
        'GET /getWallets',
      )
      const list = parseWith(walletListSchema, raw, 'GET /getWallets')
      return { count: list.count, data: list.data }
    },

    imageUrl: (id, kind = 'wallet') => projectImageUrl(options.baseUrl, id, kind, options),

    async getAnalyticsConfig({ signal } = {}) {
      try {
        const raw = await get('getAnalyticsConfig', {}, signal, 'GET /getAnalyticsConfig')
        const config = parseWith(analyticsConfigSchema, raw, 'GET /getAnalyticsConfig')
        return { isAnalyticsEnabled: config.isAnalyticsEnabled }
      } catch (error) {
        logger?.warn('analytics config unavailable; analytics is off', error)
        return { isAnalyticsEnabled: false }
      }
    },

    getAllowedOrigins,

    async checkOrigin(origin, { signal } = {}) {
      const allowedOrigins = await getAllowedOrigins({ signal })
      if (allowedOrigins.length === 0 || isOriginAllowed(origin, allowedOrigins)) return undefined
      return latchError(
        'INVALID_APP_CONFIGURATION',
        {},
        {
          details: `The origin ${origin} is not in the allowed origins of project ${projectId}. Add it in the project settings.`,
          data: { origin, allowedOrigins },
        },
      )
    },
  }
}
