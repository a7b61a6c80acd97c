import { immer } from 'zustand/middleware/immer'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  AccountState,
  AccountType,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  Network,
  NetworkState,
} from './types'

export type SnackbarVariant = 'loading' | 'success' | 'error'

export interface SnackbarState {
  open: boolean
  variant: SnackbarVariant
  message: string
  /** An optional link shown after the message (e.g. the transaction on an explorer). */
  link?: SnackbarLink
  /** An optional button that copies `text` (e.g. a full transaction hash the message shortens). */
  copy?: SnackbarCopy
}

export interface SnackbarLink {
  href: string
  label: string
}

export interface SnackbarCopy {
  text: string
  /** The button's label, e.g. 'Copy hash'. */
  label: string
}

export interface RouterEntry {
  view: string
  params?: Record<string, unknown>
}

export interface ThemeState {
  /** `system` follows the visitor's `prefers-color-scheme`. */
  mode: 'light' | 'dark' | 'system'
  variables: Record<string, string>
}

/** Everything the kernel keeps: read it with `kernel.getState()` or the React hooks. */
export interface KernelState {
  /** The namespace the widget currently shows (the last connected or switched to). */
  activeNamespace: ChainNamespace | undefined
  /** Overall status: connected when any namespace is connected. */
  status: ConnectionStatus
  accounts: { [namespace: string]: AccountState }
  networks: { [namespace: string]: NetworkState }
  connectorIds: { [namespace: string]: string | undefined }
  /** Set while the active namespace changes (a switch to a network of another namespace). */
  switchingNamespace: boolean
  modal: { open: boolean; history: RouterEntry[] }
  snackbar: SnackbarState
  theme: ThemeState
  /** Plugin slices, each under its plugin id. */
  plugins: Record<string, unknown>
}

/** A store whose setState takes an immer recipe. */
export type KernelStore = Omit<StoreApi<KernelState>, 'setState'> & {
  setState(recipe: (draft: KernelState) => void): void
}

/** The preferred account type of each namespace, by default. */
export const defaultPreferredAccountTypes: Partial<Record<ChainNamespace, AccountType>> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
}

/** A fresh account state of one namespace. */
export function initialAccountState(
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>> = defaultPreferredAccountTypes,
): AccountState {
  return {
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: undefined,
    user: undefined,
    tokenBalance: [],
    smartAccountDeployed: false,
    preferredAccountTypes: { ...preferredAccountTypes },
    socialProvider: undefined,
    allAccounts: [],
    addressLabels: {},
    connectedWalletInfo: undefined,
    farcasterUrl: undefined,
    status: 'disconnected',
    currentTab: 0,
  }
}

/** A fresh network state of one namespace. */
export function initialNetworkState(
  requested: Network[],
  active: Network | undefined,
  smartAccountEnabledNetworks: number[] = [],
): NetworkState {
  return {
    caipNetwork: active,
    requestedCaipNetworks: requested,
    approvedCaipNetworkIds: requested.map((n) => n.caipNetworkId as CaipNetworkId),
    supportsAllNetworks: false,
    smartAccountEnabledNetworks,
  }
}

/** Creates the kernel store: zustand vanilla with immer applied once, here. */
export function createKernelStore(initial: KernelState): KernelStore {
  return createStore<KernelState>()(immer(() => initial)) as unknown as KernelStore
}

/** Overall status from the per-namespace ones. */
export function overallStatus(accounts: Record<string, AccountState>): ConnectionStatus {
  const statuses = Object.values(accounts).map((a) => a.status)
  if (statuses.includes('connected')) return 'connected'
  if (statuses.includes('connecting')) return 'connecting'
  if (statuses.includes('reconnecting')) return 'reconnecting'
  return 'disconnected'
}
