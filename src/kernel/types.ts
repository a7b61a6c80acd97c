/**
 * The data every part of Latchkit agrees on: networks, accounts, balances, connectors.
 * Plain shapes with no behaviour; the kernel's own interfaces are in kernelTypes.ts.
 */

/** CAIP-2 namespace. Open so a third-party adapter can add its own. */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | (string & {})
/** CAIP-2 network id, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id, e.g. `eip155:1:0xabc...`. */
export type CaipAddress = `${string}:${string}:${string}`

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'

/** A network the app supports. */
export interface Network {
  id: number | string
  name: string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  /** Optional icon (data: or https URL). */
  imageUrl?: string
}

/** An account: address and type. */
export interface Account {
  address: string
  type: AccountType
}

/** A token balance. `quantity.numeric` is the amount in whole units, as text. */
/**
 * How a sent transaction reads in a list until the chain reports it: what it does and,
 * for a transfer, how much of what.
 *
 * @example
 * sendTransaction(kernel, { to, value, summary: { operation: 'send', amount: '1.5', symbol: 'LUSD' } })
 */
export interface TransactionSummary {
  /** As the history API names operations: 'send', 'trade', 'approve', 'buy', ... */
  operation: string
  /** As the visitor typed it, in whole units (e.g. '1.5'). */
  amount?: string
  symbol?: string
  iconUrl?: string
}

export interface TokenBalance {
  name: string
  symbol: string
  chainId: CaipNetworkId
  address?: string
  value?: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

/** An asset as a wallet reports it through `wallet_getAssets`. */
export interface WalletAsset {
  /** Token contract address; for the native currency, whatever the wallet uses for it. */
  address: string
  /** Balance in base units, as a hex quantity. */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: {
    name: string
    symbol: string
    decimals: number
    price?: number | null
    iconUrl?: string | null
    value?: number | null
  }
}

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  rdns?: string
  type?: ConnectorType
}

/** The user an embedded wallet reports. */
export interface EmbeddedUser {
  email?: string
  address: string
  chainId: string | number
  accounts?: Account[]
  /** The name the login's provider knows the person by (a Farcaster username). */
  userName?: string
  /** The person's picture at the login's provider (http or https). */
  avatarUrl?: string
  preferredAccountType?: AccountType
  smartAccountDeployed?: boolean
}

/** Account state of one chain namespace. */
export interface AccountState {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | null | undefined
  profileImage: string | null | undefined
  addressExplorerUrl: string | undefined
  user: EmbeddedUser | undefined
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  socialProvider: SocialProvider | undefined
  allAccounts: Account[]
  addressLabels: Record<string, string>
  connectedWalletInfo: ConnectedWalletInfo | undefined
  farcasterUrl: string | undefined
  status: ConnectionStatus
  currentTab: number
}

/** Network state of one chain namespace. */
export interface NetworkState {
  caipNetwork: Network | undefined
  requestedCaipNetworks: Network[]
  approvedCaipNetworkIds: CaipNetworkId[]
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: number[]
}

/**
 * Connector kinds: ANNOUNCED (found through EIP-6963 or the Wallet Standard), INJECTED
 * (`window.ethereum`), WALLET_CONNECT, AUTH (email and social login on an embedded wallet),
 * MULTI_CHAIN (one connector for several namespaces), EXTERNAL and CUSTOM (an integrator's
 * own). The Connect view groups wallets by kind.
 */
export type ConnectorType =
  | 'MULTI_CHAIN'
  | 'AUTH'
  | 'ANNOUNCED'
  | 'INJECTED'
  | 'WALLET_CONNECT'
  | 'EXTERNAL'
  | 'CUSTOM'

/** What a connector reports about itself when it connects or reconnects. */
export interface ConnectResult {
  accounts: readonly Account[]
  chainId: number | string
}

/** Events a connector emits while connected. */
export type ConnectorEvent =
  | { type: 'accountsChanged'; accounts: readonly Account[] }
  | { type: 'chainChanged'; chainId: number | string }
  | { type: 'disconnect' }

/**
 * A connector: what the wallet list shows (id, name, image, kind, namespace) plus a small
 * required surface (connect, disconnect, getProvider) and optional abilities, in the
 * manner of wagmi's `createConnector`.
 *
 * @example
 * kernel.connectors.register({
 *   id: 'com.example', name: 'Example', type: 'ANNOUNCED', chain: 'eip155',
 *   connect: async () => ({ accounts: [{ address, type: 'eoa' }], chainId: 1 }),
 *   disconnect: async () => {}, getProvider: () => provider,
 * })
 */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  info?: { rdns?: string; [key: string]: unknown }
  explorerId?: string
  /** Asks the wallet for accounts; may prompt the user. */
  connect(params: { network?: Network }): Promise<ConnectResult>
  disconnect(): Promise<void>
  getProvider(): unknown
  /** Accounts already authorised, without a prompt (silent reconnect). Empty when none. */
  getAuthorized?(): Promise<ConnectResult | undefined>
  /** Asks the wallet to move to `network`. */
  switchNetwork?(network: Network): Promise<void>
  /** Listens to wallet events; returns the unsubscribe function. */
  subscribe?(listener: (event: ConnectorEvent) => void): () => void
}
