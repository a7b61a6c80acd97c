import type { Draft } from 'immer'
import { preloadFirstOpenActions } from './actions/deferred'
import { reconnect } from './actions/reconnect'
import { createKernelApis, type KernelApis } from './api/kernelApis'
import { type Bus, createBus } from './bus'
import { createFailureGate, type FailureGate } from './cache'
import { ConfigError, LatchError, latchError } from './errors'
import { createI18n, type I18n } from './i18n'
import { createLogger, type Logger } from './logger'
import { type KernelOptions, type ResolvedOptions, resolveOptions } from './options'
import { orderPlugins, type PluginSlice } from './plugin'
import { createRegistry, type Registry } from './registry'
import { createRouter, createViewRegistry, type Router, type ViewRegistry } from './router'
import { createSlots, type Slots } from './slots'
import { createSnackbar, type Snackbar } from './snackbar'
import { createStorage, type Storage } from './storage'
import {
  createKernelStore,
  defaultPreferredAccountTypes,
  initialAccountState,
  initialNetworkState,
  type KernelState,
  type KernelStore,
} from './store'
import type { ChainAdapter, ChainNamespace, Connector, Network } from './types'

/** The connector registry: validates what third parties register. */
export type ConnectorRegistry = Registry<Connector> & {
  /** Registers a connector; returns the function that removes it. */
  register(connector: Connector): () => void
  /** Connectors of one namespace, in registration order. */
  byNamespace(namespace: ChainNamespace): Connector[]
}

/** What plugins and adapters share: the kernel's parts, never module globals. */
export interface KernelServices {
  options: ResolvedOptions
  bus: Bus
  store: KernelStore
  views: ViewRegistry
  router: Router
  slots: Slots
  connectors: ConnectorRegistry
  adapters: Registry<ChainAdapter>
  /**
   * Named capabilities one plugin offers others without importing them (e.g. a name
   * resolver the send view uses when the names plugin is present).
   */
  services: Registry<unknown>
  storage: Storage
  logger: Logger
  i18n: I18n
  snackbar: Snackbar
  /** The API clients configured in `options.api`; each is absent when its URL is not set. */
  api: KernelApis
}

/** The context an adapter's setup receives. */
export interface AdapterContext extends KernelServices {
  kernel: Kernel
  namespace: ChainNamespace
}

/**
 * A kernel instance. There is no module-level state: two kernels can share a page.
 */
export interface Kernel extends KernelServices {
  getState(): KernelState
  subscribe(listener: (state: KernelState, previous: KernelState) => void): () => void
  /** Opens the modal: on `view`, else Connect or Account depending on the connection. */
  open(params?: { view?: string; params?: Record<string, unknown> }): void
  /** Closes unless a close guard blocks; returns whether it closed. */
  close(): boolean
  /** Networks of one namespace, or all of them. */
  networks(namespace?: ChainNamespace): Network[]
  /** Whether a plugin is installed. */
  hasPlugin(id: string): boolean
  /** Read-only access to a plugin's slice. */
  pluginState<S>(id: string): S | undefined
  /** Resolves when start-up work (silent reconnect) has finished. */
  ready: Promise<void>
  /** Tears down every plugin and adapter and stops all timers and listeners. */
  destroy(): void
  /** Per-instance bookkeeping for the actions; not part of the public contract. */
  internal: KernelInternal
}

export interface KernelInternal {
  /** Unsubscribe functions of the connectors being listened to, by namespace. */
  connectorWatchers: Map<ChainNamespace, () => void>
  /** Balance reads in flight or recent, by caipAddress. */
  balances: Map<string, { at: number; promise: Promise<unknown> }>
  /** Token balance failures by caipAddress: not asked again within 30 s (SPEC §4). */
  tokenBalanceGate: FailureGate<string>
  destroyed: boolean
}

/**
 * SPEC §6 'The auth connector is supported only on eip155 and solana': the one rule that
 * names chain families, kept as data so no code path branches on a namespace itself.
 */
const AUTH_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

function createConnectorRegistry(logger: Logger): ConnectorRegistry {
  const registry = createRegistry<Connector>()
  return Object.assign(registry, {
    register(connector: Connector) {
      if (!connector || typeof connector.id !== 'string' || !connector.id) {
        throw new ConfigError('A connector needs a non-empty string `id`', { code: 'INVALID_OPTIONS' })
      }
      for (const method of ['connect', 'disconnect', 'getProvider'] as const) {
        if (typeof connector[method] !== 'function') {
          throw new ConfigError(`Connector "${connector.id}" is missing ${method}()`, {
            code: 'INVALID_OPTIONS',
            details: 'A connector implements connect, disconnect and getProvider.',
          })
        }
      }
      if (connector.type === 'AUTH' && !AUTH_NAMESPACES.includes(connector.chain)) {
        throw new ConfigError(`The auth connector is not supported on ${connector.chain}`, {
          code: 'INVALID_OPTIONS',
          details: `Auth connectors may only be registered for ${AUTH_NAMESPACES.join(' or ')}.`,
        })
      }
      if (registry.has(connector.id)) logger.debug(`connector ${connector.id} replaced`)
      return registry.add(connector.id, connector)
    },
    byNamespace: (namespace: ChainNamespace) => registry.list().filter((c) => c.chain === namespace),
  })
}

function createSlice<S>(store: KernelStore, id: string, initial: () => S): PluginSlice<S> {
  return {
    get: () => store.getState().plugins[id] as S,
    set(recipe) {
      store.setState((draft) => {
        recipe(draft.plugins[id] as Draft<S>)
      })
    },
    reset() {
      store.setState((draft) => {
        draft.plugins[id] = initial()
      })
    },
    subscribe(listener) {
      return store.subscribe((state, previous) => {
        if (state.plugins[id] !== previous.plugins[id])
          listener(state.plugins[id] as S, previous.plugins[id] as S)
      })
    },
  }
}

function initialState(options: ResolvedOptions, storage: Storage): KernelState {
  const namespaces = [
    ...new Set([
      ...options.networks.map((n) => n.chainNamespace),
      ...options.adapters.map((a) => a.namespace),
    ]),
  ]
  const lastUsed = storage.get('lastUsedChain')
  const lastUsedNetwork = options.networks.find((n) => n.caipNetworkId === lastUsed)
  const defaultNetwork = options.networks.find((n) => n.caipNetworkId === options.defaultNetwork) as Network
  const preferred = { ...defaultPreferredAccountTypes, ...storage.get('preferredAccountTypes') }
  const smartAccountEnabledNetworks = storage.get('smartAccountEnabledNetworks') ?? []

  const state: KernelState = {
    activeNamespace: (lastUsedNetwork ?? defaultNetwork).chainNamespace,
    status: 'disconnected',
    accounts: {},
    networks: {},
    connectorIds: {},
    switchingNamespace: false,
    modal: { open: false, history: [] },
    snackbar: { open: false, variant: 'success', message: '' },
    theme: { mode: options.theme.mode, variables: options.theme.variables },
    plugins: {},
  }
  for (const namespace of namespaces) {
    const requested = options.networks.filter((n) => n.chainNamespace === namespace)
    const active =
      [lastUsedNetwork, defaultNetwork].find((n) => n?.chainNamespace === namespace) ?? requested[0]
    state.accounts[namespace] = initialAccountState(preferred)
    state.networks[namespace] = initialNetworkState(requested, active, smartAccountEnabledNetworks)
    state.connectorIds[namespace] = undefined
  }
  return state
}

/**
 * Creates a kernel: validates options, installs adapters and plugins in order, and
 * starts the silent reconnect of the recent wallet.
 *
 * @example
 * import { createKernel } from 'latchkit'
 * import { evmAdapter } from 'latchkit/adapters/evm'
 * import { mainnet, base } from 'latchkit/networks'
 *
 * const kernel = createKernel({ networks: [mainnet, base], adapters: [evmAdapter()] })
 * kernel.open()
 */
export function createKernel(options: KernelOptions): Kernel {
  const resolved = resolveOptions(options)
  const plugins = orderPlugins(resolved.plugins)
  const logger = createLogger({ level: resolved.logger?.level ?? 'error', sink: resolved.logger?.sink })
  const storage = createStorage({
    backend: resolved.storage,
    logger: logger.child('storage'),
  })
  const bus = createBus((error, type) => logger.error(`a "${type}" handler threw`, error))
  const store = createKernelStore(initialState(resolved, storage))
  const views = createViewRegistry()
  const router = createRouter(store, bus)
  const slots = createSlots(resolved.order)
  const connectors = createConnectorRegistry(logger)
  const adapters = createRegistry<ChainAdapter>()
  const services = createRegistry<unknown>()
  const i18n = createI18n(resolved.locale)
  const snackbar = createSnackbar(store)
  const teardowns: Array<() => void> = []

  const kernelServices: KernelServices = {
    options: resolved,
    bus,
    store,
    views,
    router,
    slots,
    connectors,
    adapters,
    services,
    storage,
    logger,
    i18n,
    snackbar,
    api: createKernelApis(resolved, { logger, store }),
  }

  // A sent transaction makes every cached account read stale: a view that mounts after it
  // (the NFTs tab the visitor returns to after Send) must read afresh, not a 30 s old answer.
  teardowns.push(bus.on('tx:sent', () => kernelServices.api.blockchain?.clearCache()))
  // Connecting comes next once the modal is open: its code, loaded lazily, starts loading now.
  teardowns.push(bus.on('modal:open', preloadFirstOpenActions))

  const pluginIds = new Set(plugins.map((p) => p.id))
  const internal: KernelInternal = {
    connectorWatchers: new Map(),
    balances: new Map(),
    // Reads the clock on each check so a test's fake Date applies.
    tokenBalanceGate: createFailureGate({ now: () => Date.now() }),
    destroyed: false,
  }

  const kernel: Kernel = {
    ...kernelServices,
    internal,
    getState: store.getState,
    subscribe: store.subscribe,
    open(params = {}) {
      const state = store.getState()
      const namespace = state.activeNamespace
      const connected = namespace ? state.accounts[namespace]?.status === 'connected' : false
      const view = params.view ?? (connected ? 'Account' : 'Connect')
      router.open(view, params.params)
    },
    close: router.close,
    networks: (namespace) =>
      resolved.networks.filter((n) => namespace === undefined || n.chainNamespace === namespace),
    hasPlugin: (id) => pluginIds.has(id),
    pluginState: <S>(id: string) => store.getState().plugins[id] as S | undefined,
    ready: Promise.resolve(),
    destroy() {
      if (internal.destroyed) return
      internal.destroyed = true
      for (const unwatch of internal.connectorWatchers.values()) unwatch()
      internal.connectorWatchers.clear()
      for (const teardown of teardowns.splice(0).reverse()) {
        try {
          teardown()
        } catch (error) {
          logger.error('a teardown threw', error)
        }
      }
      snackbar.dispose()
      bus.clear()
    },
  }

  for (const adapter of resolved.adapters) {
    teardowns.push(adapters.add(adapter.namespace, adapter))
    const teardown = adapter.setup?.({
      ...kernelServices,
      kernel,
      namespace: adapter.namespace,
      logger: logger.child(adapter.namespace),
    })
    if (typeof teardown === 'function') teardowns.push(teardown)
  }

  for (const plugin of plugins) {
    const initial = plugin.initialState ?? (() => ({}))
    store.setState((draft) => {
      draft.plugins[plugin.id] = initial()
    })
    const state = createSlice(store, plugin.id, initial)
    if (plugin.resetOnDisconnect !== false) {
      teardowns.push(
        bus.on('disconnect', () => {
          if (store.getState().status !== 'connected') state.reset()
        }),
      )
    }
    try {
      const teardown = plugin.setup({
        ...kernelServices,
        id: plugin.id,
        kernel,
        state,
        logger: logger.child(plugin.id),
      })
      if (typeof teardown === 'function') teardowns.push(teardown)
    } catch (error) {
      kernel.destroy()
      throw error instanceof LatchError
        ? error
        : new LatchError(`Plugin "${plugin.id}" failed to set up`, {
            code: 'PLUGIN_SETUP_FAILED',
            cause: error,
          })
    }
  }

  if (resolved.autoReconnect) {
    kernel.ready = reconnect(kernel).then(
      () => undefined,
      (error) => logger.warn('silent reconnect failed', error),
    )
  }
  return kernel
}

/** Throws 'Chain adapter not found' when no adapter owns `namespace`. */
export function requireAdapter(kernel: Kernel, namespace: ChainNamespace): ChainAdapter {
  const adapter = kernel.adapters.get(namespace)
  if (!adapter) throw latchError('CHAIN_ADAPTER_NOT_FOUND', {}, { details: `No adapter for ${namespace}` })
  return adapter
}
