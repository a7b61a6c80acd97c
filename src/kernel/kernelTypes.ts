/**
 * The kernel's own interfaces: the kernel instance, what plugins and adapters receive, the
 * plugin and adapter contracts, and the options. They refer to one another (a plugin's
 * context holds the kernel, whose options hold plugins), so they live in one module that
 * imports only the parts' types and is imported by everything else: no import circle.
 */
import type { Draft } from 'immer'
import type { KernelApi } from './api/apiTypes'
import type { Bus } from './bus'
import type { FailureGate } from './cache'
import type { I18n } from './i18n'
import type { LocaleInput } from './locale'
import type { Logger } from './logger'
import type { Registry } from './registry'
import type { Router, ViewRegistry } from './router'
import type { Slots } from './slots'
import type { Snackbar } from './snackbar'
import type { Storage, StorageBackend } from './storage'
import type { KernelState, KernelStore } from './store'
import type { ChainNamespace, Connector, Network, TokenBalance, WalletAsset } from './types'

/** Parameters of an adapter's `getAssets` (wallet_getAssets through the connected wallet). */
export interface AdapterGetAssetsParameters {
  connector: Connector
  address: string
  network: Network
}

/** Parameters of an adapter's native balance read. */
export interface AdapterGetBalanceParameters {
  address: string
  network: Network
}

/** Parameters of a message signature. */
export interface AdapterSignMessageParameters {
  connector: Connector
  address: string
  network: Network
  message: string
}

/** A transfer request the send feature hands to the adapter. */
export interface AdapterSendTransactionParameters {
  connector: Connector
  network: Network
  from: string
  to: string
  /** Amount in base units. */
  value: bigint
  /** Token contract (mint) address; absent for the native currency. */
  tokenAddress?: string
  /**
   * Call data (hex): the transaction calls the contract at `to` with it and `value`. Never
   * with `tokenAddress`. An adapter whose chains have no such calls refuses it.
   */
  data?: string
  [key: string]: unknown
}

/**
 * A chain-family adapter: owns one namespace (`eip155`, `solana`, ...), discovers its
 * connectors and does the chain work. Only `namespace` is required; the rest are abilities.
 */
export interface ChainAdapter {
  namespace: ChainNamespace
  /** Called once when the kernel starts; registers connectors, starts discovery. */
  // biome-ignore lint/suspicious/noConfusingVoidType: any function that returns nothing fits, as with React effects
  setup?(ctx: AdapterContext): void | (() => void)
  /**
   * The namespace's native currency, for a family whose chains all share one (SOL on every
   * Solana cluster): what the kernel gives a chain the app did not configure when no
   * network of the namespace is configured either.
   */
  nativeCurrency?: Network['nativeCurrency']
  isAddress?(address: string, options?: { strict?: boolean }): boolean
  /**
   * True while `text` could still become an address by typing more characters (`0x70`
   * on EVM, a base58 string shorter than a public key on Solana): a form holds its
   * 'invalid address' note back meanwhile. Without it a form cannot tell and waits.
   */
  isAddressPrefix?(text: string): boolean
  /**
   * True when `text` is written the way this namespace writes addresses (`0x` and hex
   * on EVM; base58 of a public key's length on Solana), valid or not: a mistyped address
   * that a form reports as such instead of looking it up as a name.
   */
  looksLikeAddress?(text: string): boolean
  /**
   * True when two valid addresses name the same account (EVM ignores case; Solana's
   * base58 is exact). Without it addresses are compared as written.
   */
  isSameAddress?(a: string, b: string): boolean
  /**
   * True for an address nothing can spend from, so whatever is sent to it is lost (the EVM
   * zero address, Solana's system program). A send form warns before sending there.
   */
  isBurnAddress?(address: string): boolean
  getBalance?(params: AdapterGetBalanceParameters): Promise<{ balance: string; symbol: string }>
  getTokenBalances?(params: AdapterGetBalanceParameters): Promise<TokenBalance[]>
  /**
   * The connected wallet's assets through `wallet_getAssets`, or `undefined` when the
   * wallet does not report the capability (the kernel then asks the API or the chain).
   * The answer is schema-checked by the kernel before use.
   */
  getAssets?(params: AdapterGetAssetsParameters): Promise<readonly WalletAsset[] | undefined>
  signMessage?(params: AdapterSignMessageParameters): Promise<string>
  sendTransaction?(params: AdapterSendTransactionParameters): Promise<string>
  /**
   * What a send costs the sender besides the amount, in the native currency's base units.
   * `minimumBalance` is what the sender's native balance must keep after a send for the
   * network to accept it (Solana: the rent-exempt minimum of an account); absent means 0.
   */
  estimateFee?(
    params: AdapterSendTransactionParameters,
  ): Promise<{ fee: bigint; symbol: string; minimumBalance?: bigint }>
  /**
   * Waits until a sent transaction is mined: 'success', or 'reverted' when it failed on
   * chain. Throws a TimeoutError when it is not mined within `timeoutMs`.
   */
  waitForTransaction?(params: {
    hash: string
    network: Network
    timeoutMs?: number
  }): Promise<'success' | 'reverted'>
  /** Explorer URL for an address on a network. */
  getAddressExplorerUrl?(address: string, network: Network): string | undefined
  /** Explorer URL for a transaction hash or signature on a network. */
  getTransactionExplorerUrl?(hash: string, network: Network): string | undefined
}

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
  /** The one request primitive for the APIs configured in `options.api`. */
  api: KernelApi
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
  /** Tears down every plugin and adapter and stops all timers and listeners. */
  destroy(): void
  /** Per-instance bookkeeping for the actions; not part of the public contract. */
  internal: KernelInternal
}

export interface KernelInternal {
  /** Installed plugins by id, each with the undoing of what it registered (removePlugin). */
  plugins: Map<string, () => void>
  /** Unsubscribe functions of the connectors being listened to, by namespace. */
  connectorWatchers: Map<ChainNamespace, () => void>
  /** Balance reads in flight or recent, by caipAddress. */
  balances: Map<string, { at: number; promise: Promise<{ balance: string; symbol: string }> }>
  /** Token balance failures by caipAddress: not asked again within 30 s. */
  tokenBalanceGate: FailureGate<string>
  destroyed?: boolean
}

/** A plugin's own state slice, kept under its id in the kernel store. */
export interface PluginSlice<S> {
  get(): S
  set(recipe: (draft: Draft<S>) => void): void
  /** Back to the initial state. */
  reset(): void
  subscribe(listener: (state: S, previous: S) => void): () => void
}

/**
 * Everything a plugin's `setup` receives: it never imports kernel globals. Registrations
 * made through these parts are recorded and undone when the plugin goes; `kernel` is the
 * whole kernel, whose registrations are not.
 */
export interface PluginContext<S = undefined> extends KernelServices {
  /** The plugin's id. */
  id: string
  kernel: Kernel
  state: PluginSlice<S>
}

/**
 * A plugin: a config object with an id, what it requires and a setup. What the setup
 * registers through its context (views, slot contributions, bus handlers, services,
 * connectors, strings, close guards, subscriptions) the kernel undoes when the plugin goes;
 * the setup returns a cleanup only for what it started itself (a timer, a socket, an SDK).
 * Ship it as a factory so integrators can pass options.
 *
 * @example
 * export const hello = (options: { name: string }) =>
 *   definePlugin({
 *     id: 'hello',
 *     setup(ctx) {
 *       ctx.views.register({ id: 'Hello', load: () => import('./HelloView') })
 *       ctx.slots.contribute('features', { id: 'hello', label: options.name, view: 'Hello' })
 *       const timer = setInterval(() => ctx.bus.emit('hello:tick', {}), 1000)
 *       return () => clearInterval(timer)
 *     },
 *   })
 */
// biome-ignore lint/suspicious/noExplicitAny: a plugin list mixes plugins of every state type; with `unknown` here `Plugin<SendState>` would not fit `Plugin[]`, since setup's context takes S in both directions
export interface Plugin<S = any> {
  id: string
  /** Ids of plugins that must be in the same list. */
  requires?: readonly string[]
  /** Initial state of the plugin's slice. */
  initialState?: () => S
  /** Reset the slice when the last namespace disconnects (default true). */
  resetOnDisconnect?: boolean
  /** Runs once when the kernel is created; returns a cleanup for what it started itself. */
  // biome-ignore lint/suspicious/noConfusingVoidType: any function that returns nothing fits, as with React effects
  setup(ctx: PluginContext<S>): void | (() => void)
}

/**
 * What `createKernel` takes. Only `networks` is required.
 *
 * @example
 * createKernel({ networks: [mainnet, base], adapters: [evmAdapter()], plugins: [send()] })
 */
export interface KernelOptions {
  /** About the host app: shown to wallets and used in sign-in messages. */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** The networks the app supports; the first family decides nothing, all are equal. */
  networks: readonly Network[]
  /** CAIP-2 id of the network to start on. Default: eip155:1 when listed, else the first. */
  defaultNetwork?: string
  adapters?: readonly ChainAdapter[]
  plugins?: readonly Plugin[]
  /**
   * Endpoints. With none, nothing leaves the page except the wallets' own RPC calls.
   * `deadlineMs` (default 15000) bounds each call, every retry included: past it the call
   * fails with a TimeoutError.
   */
  api?: { blockchainUrl?: string; walletsUrl?: string; clientId?: string; deadlineMs?: number }
  projectId?: string
  /** `system` follows the visitor's light or dark setting, live. */
  theme?: { mode?: 'light' | 'dark' | 'system'; variables?: Record<string, string> }
  /** Reorders slots by contribution id, e.g. `{ features: ['send', 'receive'] }`. */
  order?: Record<string, string[]>
  /** A localStorage-like backend (`cookieStorage` for server rendering); `null` keeps everything in memory. */
  storage?: StorageBackend | null
  logger?: { level?: 'debug' | 'info' | 'warn' | 'error' | 'silent'; sink?: (line: string) => void }
  /**
   * The language: a Locale (an entry such as `latchkit/locales/de`: its tag for Intl, its
   * direction and its strings), or a plain record of strings that replace English key by key.
   */
  locale?: LocaleInput
  /** Lets the visitor switch networks from the widget (default true). */
  enableNetworkSwitch?: boolean
  /** Keeps a wallet on a network outside `networks` connected without a prompt (default false). */
  allowUnsupportedChain?: boolean
  sdkType?: string
  sdkVersion?: string
}

/** Options after validation, with every default filled in. */
export interface ResolvedOptions extends KernelOptions {
  defaultNetwork: string
  adapters: readonly ChainAdapter[]
  plugins: readonly Plugin[]
  api: { blockchainUrl?: string; walletsUrl?: string; clientId?: string; deadlineMs?: number }
  theme: { mode: 'light' | 'dark' | 'system'; variables: Record<string, string> }
  order: Record<string, string[]>
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  sdkType: string
  sdkVersion: string
}
