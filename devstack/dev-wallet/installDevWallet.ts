/**
 * Installs the dev wallet into a page: an EIP-6963 wallet backed by anvil's unlocked
 * accounts, with a panel where a person approves or rejects each request. It lets anyone
 * try the widget without a browser extension; a real extension on the same page is
 * announced next to it and works as usual.
 */
import { announceProvider } from './announceProvider'
import { createConsentQueue } from './consentQueue'
import { forwardRpc } from './forwardRpc'
import { DEV_WALLET_ICON } from './icon'
import { mountPanel } from './panel'
import { DEV_WALLET_STORAGE_KEY, type WalletStorage } from './persistedState'
import { createProviderEvents } from './providerEvents'
import { providerErrors } from './providerRpcError'
import { createRequestHandler } from './requestHandler'
import type {
  DevWalletChain,
  DevWalletInfo,
  DevWalletRequestArguments,
  DevWalletSnapshot,
  PendingRequestView,
} from './types'
import { createWalletState, toHexChainId } from './walletState'

export const DEV_WALLET_NAME = 'Latch Dev Wallet'
export const DEV_WALLET_RDNS = 'dev.latchkit.wallet'

export interface InstallDevWalletOptions {
  /** Chains the wallet can use; the first is the starting one (until the person picks another). */
  chains: readonly DevWalletChain[]
  /** Addresses the chains hold unlocked. Default: what the first chain's `eth_accounts` lists. */
  accounts?: readonly string[]
  /** Where the panel goes. Default `document.body`. */
  mount?: HTMLElement
  /** The page the wallet serves. Default the global `window`. */
  window?: Window
  /** Where authorisation, account and chain are remembered. Default `localStorage`; null: nowhere. */
  storage?: WalletStorage
  /** localStorage key. Default 'latchkit-dev-wallet:v1'. */
  storageKey?: string
  /**
   * Whether the wallet speaks EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls`,
   * `wallet_getCallsStatus`, `wallet_showCallsStatus`; bundles run one call after another,
   * `atomic: 'unsupported'`). Default true; false answers them 4200, as a wallet without it.
   */
  sendCalls?: boolean
}

/** The EIP-1193 provider the wallet announces. */
export interface DevWalletProvider {
  request(args: DevWalletRequestArguments): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
  readonly isLatchDevWallet: true
}

/**
 * Drives the wallet from code (unit tests, scripts). Browser tests should click the
 * panel's buttons instead, like a person.
 */
export interface DevWalletController {
  /** Resolves once the accounts are loaded. */
  ready: Promise<void>
  pending(): PendingRequestView[]
  /** Resolves with the oldest pending request, as soon as there is one. */
  nextRequest(): Promise<PendingRequestView>
  approve(id?: number): boolean
  reject(id?: number): boolean
  state(): DevWalletSnapshot
  selectAccount(address: string): void
  selectChain(chainId: number): void
  disconnectSite(): void
}

export interface DevWallet {
  info: Readonly<DevWalletInfo>
  provider: DevWalletProvider
  controller: DevWalletController
  /** Removes the panel, stops announcing and fails pending requests with 4900. */
  uninstall(): void
}

/**
 * @example
 * import { installDevWallet } from '../devstack/dev-wallet'
 * installDevWallet({
 *   chains: [
 *     { chainId: 31337, name: 'Latch Local 31337', rpcUrl: 'http://127.0.0.1:8545' },
 *     { chainId: 31338, name: 'Latch Local 31338', rpcUrl: 'http://127.0.0.1:8546' },
 *   ],
 * })
 */
export function installDevWallet(options: InstallDevWalletOptions): DevWallet {
  const win = options.window ?? window
  const origin = win.location.origin
  const events = createProviderEvents()
  const consent = createConsentQueue()
  const state = createWalletState({
    chains: options.chains,
    ...(options.accounts !== undefined ? { accounts: options.accounts } : {}),
    storage: options.storage === undefined ? safeLocalStorage(win) : options.storage,
    storageKey: options.storageKey ?? DEV_WALLET_STORAGE_KEY,
    events,
  })
  const request = createRequestHandler({
    state,
    consent,
    origin,
    ...(options.sendCalls !== undefined && { sendCalls: options.sendCalls }),
  })

  const provider: DevWalletProvider = Object.freeze({
    request,
    on: events.on,
    removeListener: events.removeListener,
    isLatchDevWallet: true as const,
  })
  const info: Readonly<DevWalletInfo> = Object.freeze({
    uuid: win.crypto.randomUUID(),
    name: DEV_WALLET_NAME,
    icon: DEV_WALLET_ICON,
    rdns: DEV_WALLET_RDNS,
  })

  const unmount = mountPanel({ mount: options.mount ?? win.document.body, state, consent, origin })
  const stopAnnouncing = announceProvider(win, info, provider)

  // EIP-1193 'connect': the provider can serve the current chain.
  void state.ready
    .then(() => forwardRpc(state.currentChain().rpcUrl, 'eth_chainId', [], 5_000))
    .then(
      () => events.emit('connect', { chainId: toHexChainId(state.currentChain().chainId) }),
      () => state.setReachable(false),
    )

  const controller: DevWalletController = {
    ready: state.ready,
    pending: consent.pending,
    nextRequest: () =>
      new Promise((resolve) => {
        const check = () => {
          const [first] = consent.pending()
          if (!first) return false
          unsubscribe()
          resolve(first)
          return true
        }
        const unsubscribe = consent.subscribe(check)
        check()
      }),
    approve: consent.approve,
    reject: consent.reject,
    state: state.snapshot,
    selectAccount: state.selectAccount,
    selectChain: state.selectChain,
    disconnectSite: state.revoke,
  }

  return {
    info,
    provider,
    controller,
    uninstall() {
      stopAnnouncing()
      unmount()
      consent.cancelAll(providerErrors.disconnected())
      events.clear()
    },
  }
}

/** localStorage, or null where the page may not use it (sandboxed frames, privacy modes). */
function safeLocalStorage(win: Window): WalletStorage {
  try {
    return win.localStorage
  } catch {
    return null
  }
}
