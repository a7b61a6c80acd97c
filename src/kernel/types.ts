/**
 * The shapes every part of Latchkit agrees on: networks, accounts, connectors, adapters.
 * Field names follow SPEC §3 so state can be read side by side with the spec.
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

/** A network (SPEC §3 'Network'). */
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

/** An account: address and type (SPEC §3 'Account'). */
export interface Account {
  address: string
  type: AccountType
}

/** A token balance (SPEC §3 'Token balance'). */
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

/** An asset as a wallet reports it through `wallet_getAssets` (SPEC §3). */
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

/** Parameters of an adapter's `getAssets` (wallet_getAssets through the connected wallet). */
export interface GetAssetsParameters {
  connector: Connector
  address: string
  network: Network
}

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  rdns?: string
  type?: ConnectorType
}

/** Embedded-wallet user (SPEC §3 'Embedded-wallet payloads'). */
export interface EmbeddedUser {
  email?: string
  address: string
  chainId: string | number
  accounts?: Account[]
  userName?: string
  preferredAccountType?: AccountType
  smartAccountDeployed?: boolean
}

/** Account state of one chain namespace, exactly the fields of SPEC §3. */
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

/** Network state of one chain namespace, exactly the fields of SPEC §3. */
export interface NetworkState {
  caipNetwork: Network | undefined
  requestedCaipNetworks: Network[]
  approvedCaipNetworkIds: CaipNetworkId[]
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: number[]
}

/**
 * Connector kinds. SPEC §3 names MULTI_CHAIN, AUTH and ANNOUNCED; the rest sort the
 * Connect view's list (SPEC §1 connector-type order).
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
 * A connector: the fields of SPEC §3 plus a small required surface (connect, disconnect,
 * getProvider) and optional abilities, in the manner of wagmi's `createConnector`.
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

/** Parameters of an adapter's native balance read. */
export interface GetBalanceParameters {
  address: string
  network: Network
}

/** Parameters of a message signature. */
export interface SignMessageParameters {
  connector: Connector
  address: string
  network: Network
  message: string
}

/** A transfer request the send feature hands to the adapter. */
export interface SendTransactionParameters {
  connector: Connector
  network: Network
  from: string
  to: string
  /** Amount in base units. */
  value: bigint
  /** Token contract (mint) address; absent for the native currency. */
  tokenAddress?: string
  [key: string]: unknown
}

/**
 * A chain-family adapter: owns one namespace (`eip155`, `solana`, ...), discovers its
 * connectors and does the chain work. Only `namespace` is required; the rest are abilities.
 */
export interface ChainAdapter {
  namespace: ChainNamespace
  /** Called once when the kernel starts; registers connectors, starts discovery. */
  setup?(ctx: import('./kernel').AdapterContext): void | (() => void)
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
  getBalance?(params: GetBalanceParameters): Promise<{ balance: string; symbol: string }>
  getTokenBalances?(params: GetBalanceParameters): Promise<TokenBalance[]>
  /**
   * The connected wallet's assets through `wallet_getAssets`, or `undefined` when the
   * wallet does not report the capability (the kernel then asks the API or the chain).
   * The answer is schema-checked by the kernel before use.
   */
  getAssets?(params: GetAssetsParameters): Promise<readonly WalletAsset[] | undefined>
  signMessage?(params: SignMessageParameters): Promise<string>
  sendTransaction?(params: SendTransactionParameters): Promise<string>
  estimateFee?(params: SendTransactionParameters): Promise<{ fee: bigint; symbol: string }>
  /** Explorer URL for an address on a network. */
  getAddressExplorerUrl?(address: string, network: Network): string | undefined
  /** Explorer URL for a transaction hash or signature on a network. */
  getTransactionExplorerUrl?(hash: string, network: Network): string | undefined
}
