/**
 * The API clients a kernel owns: present on `kernel.api` when `options.api` sets their URL,
 * absent otherwise (then nothing leaves the page and balances come from the chain).
 *
 * The clients and their schemas load on first use (one dynamic import, see clients.ts), so a
 * kernel that never sets an API carries none of their bytes. Their interface is the same:
 * every call is async anyway; the few synchronous members are answered here.
 */
import { ConfigError, messages } from '../errors'
import type { Logger } from '../logger'
import type { ResolvedOptions } from '../options'
import type { KernelStore } from '../store'
import type { CaipNetworkId } from '../types'
import type { BlockchainApi, BlockchainApiOptions } from './blockchainApi'
import { projectImageUrl } from './imageUrl'
import type { WalletsApi, WalletsApiOptions } from './walletsApi'

/** The clients on `kernel.api` / `ctx.api`; each is present only when its URL is configured. */
export interface KernelApis {
  blockchain?: BlockchainApi
  wallets?: WalletsApi
}

/** Member names whose value is an async function. */
type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never
}[keyof T]

/** Fails to compile when a list leaves out an async method of the client. */
type Covers<T, L extends readonly unknown[]> = Exclude<AsyncMethods<T>, L[number]> extends never ? L : never

const blockchainMethods = [
  'getSupportedChains',
  'getIdentity',
  'getTransactions',
  'getConvertQuotes',
  'getConvertTokens',
  'getTokenPrice',
  'getConvertAllowance',
  'getGasPrice',
  'buildConvertTransaction',
  'buildConvertApprove',
  'getAccountBalance',
  'getAccountNfts',
  'getProfileAccount',
  'getProfileReverse',
  'getNameSuggestions',
  'registerName',
  'generateOnrampUrl',
  'getOnrampOptions',
  'getOnrampQuote',
  'getSessions',
  'revokeSession',
] as const satisfies readonly AsyncMethods<BlockchainApi>[]
const blockchainMethodsChecked: Covers<BlockchainApi, typeof blockchainMethods> = blockchainMethods

const walletsMethods = [
  'getWallets',
  'getAnalyticsConfig',
  'getAllowedOrigins',
  'checkOrigin',
] as const satisfies readonly AsyncMethods<WalletsApi>[]
const walletsMethodsChecked: Covers<WalletsApi, typeof walletsMethods> = walletsMethods

/** One promise for the real client, made on the first call; a failed load is tried again next time. */
function loader<T>(load: () => Promise<T>): { get(): Promise<T>; current(): T | undefined } {
  let promise: Promise<T> | undefined
  let value: T | undefined
  return {
    get() {
      promise ??= load().then(
        (client) => {
          value = client
          return client
        },
        (error: unknown) => {
          promise = undefined
          throw error
        },
      )
      return promise
    },
    current: () => value,
  }
}

function forward<T>(methods: readonly string[], client: { get(): Promise<T> }): Record<string, unknown> {
  return Object.fromEntries(
    methods.map((name) => [
      name,
      async (...args: unknown[]) => {
        const real = (await client.get()) as Record<string, (...a: unknown[]) => Promise<unknown>>
        return real[name]?.(...args)
      },
    ]),
  )
}

/**
 * Creates the configured clients. The Blockchain API's network gate is the app's network
 * list (SPEC §7) and its active network is the store's.
 *
 * @example
 * const api = createKernelApis(resolvedOptions, { logger, store })
 * await api.blockchain?.getIdentity({ address })
 */
export function createKernelApis(
  options: ResolvedOptions,
  { logger, store }: { logger: Logger; store: KernelStore },
): KernelApis {
  const { blockchainUrl, walletsUrl, clientId } = options.api
  if (!blockchainUrl && !walletsUrl) return {}
  if (!options.projectId) {
    throw new ConfigError(messages.PROJECT_ID_NOT_CONFIGURED, {
      code: 'PROJECT_ID_NOT_CONFIGURED',
      details:
        'options.api sets an endpoint, which needs options.projectId: createKernel({ projectId, api })',
    })
  }
  const identification = {
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    clientId,
  }
  const apis: KernelApis = {}

  if (blockchainUrl) {
    const networkIds = new Set<string>(options.networks.map((network) => network.caipNetworkId))
    const clientOptions: BlockchainApiOptions = {
      ...identification,
      baseUrl: blockchainUrl,
      logger: logger.child('api'),
      isSupportedNetwork: (caipNetworkId) => networkIds.has(caipNetworkId),
      activeNetwork: () => {
        const state = store.getState()
        const namespace = state.activeNamespace
        return namespace
          ? (state.networks[namespace]?.caipNetwork?.caipNetworkId as CaipNetworkId | undefined)
          : undefined
      },
    }
    const client = loader(() => import('./clients').then((m) => m.createBlockchainApi(clientOptions)))
    apis.blockchain = {
      ...forward(blockchainMethodsChecked, client),
      baseUrl: blockchainUrl,
      clearCache: () => client.current()?.clearCache(),
    } as unknown as BlockchainApi
  }

  if (walletsUrl) {
    const clientOptions: WalletsApiOptions = {
      ...identification,
      baseUrl: walletsUrl,
      logger: logger.child('wallets-api'),
    }
    const client = loader(() => import('./clients').then((m) => m.createWalletsApi(clientOptions)))
    apis.wallets = {
      ...forward(walletsMethodsChecked, client),
      baseUrl: walletsUrl,
      imageUrl: (id, kind = 'wallet') => projectImageUrl(walletsUrl, id, kind, identification),
    } as WalletsApi & Record<string, unknown> as WalletsApi
  }
  return apis
}
