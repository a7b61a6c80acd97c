import type { Draft } from 'immer'
import { createApi } from './api/createApi'
import { AUTH_NAMESPACES } from './authNamespaces'
import { createBus } from './bus'
import { createFailureGate } from './cache'
import { ConfigError, LatchError } from './errors'
import { createI18n } from './i18n'
import type {
  ChainAdapter,
  ConnectorRegistry,
  Kernel,
  KernelInternal,
  KernelOptions,
  KernelServices,
  PluginSlice,
  ResolvedOptions,
} from './kernelTypes'
import { createLogger, type Logger } from './logger'
import { resolveOptions } from './options'
import { orderPlugins } from './plugin'
import { createPluginScope } from './pluginScope'
import { createRegistry } from './registry'
import { createRouter, createViewRegistry } from './router'
import { createSlots } from './slots'
import { createSnackbar } from './snackbar'
import { createStorage, type Storage } from './storage'
import {
  createKernelStore,
  defaultPreferredAccountTypes,
  initialAccountState,
  initialNetworkState,
  type KernelState,
  type KernelStore,
} from './store'
import type { ChainNamespace, Connector, Network } from './types'

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
      if (connector.type === 'AUTH' && !(AUTH_NAMESPACES as readonly string[]).includes(connector.chain)) {
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
 * Creates a kernel: validates options and installs adapters and plugins in order. It
 * runs no action: the silent reconnect of the recent wallet starts from `<LatchProvider>`
 * on mount, or from an explicit `reconnect(kernel)` in an app without React.
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
    api: createApi({
      ...resolved.api,
      projectId: resolved.projectId,
      sdkType: resolved.sdkType,
      sdkVersion: resolved.sdkVersion,
      networks: resolved.networks,
      logger: logger.child('api'),
      store,
    }),
  }

  // What the kernel itself registers and sets up, undone on destroy, newest first.
  const own = createPluginScope(kernelServices)

  // A sent transaction makes every cached account read stale: a view that mounts after it
  // (the NFTs tab the visitor returns to after Send) must read afresh, not a 30 s old answer.
  own.parts.bus.on('tx:sent', () => kernelServices.api.clearCache())

  const internal: KernelInternal = {
    plugins: new Map(plugins.map((p) => [p.id, () => {}])),
    connectorWatchers: new Map(),
    balances: new Map(),
    // Reads the clock on each check so a test's fake Date applies.
    tokenBalanceGate: createFailureGate({ now: () => Date.now() }),
  }

  const kernel: Kernel = {
    ...kernelServices,
    internal,
    getState: store.getState,
    subscribe: store.subscribe,
    open(params = {}) {
      const { activeNamespace, accounts } = store.getState()
      const connected = activeNamespace && accounts[activeNamespace]?.status === 'connected'
      router.open(params.view ?? (connected ? 'Account' : 'Connect'), params.params)
    },
    close: router.close,
    networks: (namespace) =>
      resolved.networks.filter((n) => namespace === undefined || n.chainNamespace === namespace),
    hasPlugin: (id) => internal.plugins.has(id),
    pluginState: <S>(id: string) => store.getState().plugins[id] as S | undefined,
    destroy() {
      if (internal.destroyed) return
      internal.destroyed = true
      for (const unwatch of internal.connectorWatchers.values()) unwatch()
      internal.connectorWatchers.clear()
      own.dispose()
      snackbar.dispose()
      bus.clear()
    },
  }

  for (const adapter of resolved.adapters) {
    own.parts.adapters.add(adapter.namespace, adapter)
    own.add(
      adapter.setup?.({
        ...kernelServices,
        kernel,
        namespace: adapter.namespace,
        logger: logger.child(adapter.namespace),
      }),
    )
  }

  for (const plugin of plugins) {
    // What the plugin registers through its context is recorded here and undone when it
    // goes; in place before setup runs, so a setup that throws halfway is undone too.
    const scope = createPluginScope(kernelServices)
    own.add(scope.dispose)
    internal.plugins.set(plugin.id, scope.dispose)
    const initial = plugin.initialState ?? (() => ({}))
    store.setState((draft) => {
      draft.plugins[plugin.id] = initial()
    })
    const state = createSlice(scope.parts.store, plugin.id, initial)
    if (plugin.resetOnDisconnect !== false) {
      scope.parts.bus.on('disconnect', () => {
        if (store.getState().status !== 'connected') state.reset()
      })
    }
    try {
      // The plugin's cleanup, added last, runs first: what it registered is still there.
      scope.add(
        plugin.setup({
          ...scope.parts,
          id: plugin.id,
          kernel,
          state,
          logger: logger.child(plugin.id),
        }),
      )
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

  return kernel
}
