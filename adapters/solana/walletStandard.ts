/**
 * The part of the Wallet Standard the adapter uses, typed structurally: any object that
 * follows the standard fits (a `Wallet` from `@wallet-standard/base`, a test fake), and
 * the adapter needs neither `@wallet-standard/base` nor `@solana/wallet-standard-features`
 * at run time. Feature names are the standard's own.
 */

/** An account a wallet exposes (`WalletAccount`). */
export interface StandardWalletAccount {
  /** Base58 public key for Solana accounts. */
  readonly address: string
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

/** A Wallet Standard wallet (`Wallet`). */
export interface StandardWallet {
  readonly version: string
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardWalletAccount[]
}

/** The page's wallet registry, as `getWallets()` from `@wallet-standard/app` returns it. */
export interface StandardWallets {
  get(): readonly StandardWallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: StandardWallet[]) => void): () => void
}

export const STANDARD_CONNECT = 'standard:connect'
export const STANDARD_DISCONNECT = 'standard:disconnect'
export const STANDARD_EVENTS = 'standard:events'
export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction'
export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction'
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage'

export interface StandardConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly StandardWalletAccount[] }>
}
export interface StandardDisconnectFeature {
  disconnect(): Promise<void>
}
export interface StandardEventsFeature {
  on(
    event: 'change',
    listener: (properties: {
      chains?: readonly string[]
      accounts?: readonly StandardWalletAccount[]
    }) => void,
  ): () => void
}

/** Options a wallet passes to the RPC when it sends (Latchkit's send options plus the standard's). */
export interface SolanaTransactionOptions {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  minContextSlot?: number
  skipPreflight?: boolean
  maxRetries?: number
  commitment?: 'processed' | 'confirmed' | 'finalized'
}

export type TransactionVersion = 'legacy' | 0

export interface SolanaSignAndSendTransactionFeature {
  readonly supportedTransactionVersions?: readonly TransactionVersion[]
  signAndSendTransaction(
    ...inputs: {
      account: StandardWalletAccount
      chain: string
      transaction: Uint8Array
      options?: SolanaTransactionOptions
    }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}
export interface SolanaSignTransactionFeature {
  readonly supportedTransactionVersions?: readonly TransactionVersion[]
  signTransaction(
    ...inputs: {
      account: StandardWalletAccount
      chain?: string
      transaction: Uint8Array
      options?: Pick<SolanaTransactionOptions, 'preflightCommitment' | 'minContextSlot'>
    }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>
}
export interface SolanaSignMessageFeature {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array; signatureType?: 'ed25519' }[]>
}

/** The function each feature must carry to be usable. */
const featureMethods: Record<string, string> = {
  [STANDARD_CONNECT]: 'connect',
  [STANDARD_DISCONNECT]: 'disconnect',
  [STANDARD_EVENTS]: 'on',
  [SOLANA_SIGN_AND_SEND_TRANSACTION]: 'signAndSendTransaction',
  [SOLANA_SIGN_TRANSACTION]: 'signTransaction',
  [SOLANA_SIGN_MESSAGE]: 'signMessage',
}

interface FeatureTypes {
  [STANDARD_CONNECT]: StandardConnectFeature
  [STANDARD_DISCONNECT]: StandardDisconnectFeature
  [STANDARD_EVENTS]: StandardEventsFeature
  [SOLANA_SIGN_AND_SEND_TRANSACTION]: SolanaSignAndSendTransactionFeature
  [SOLANA_SIGN_TRANSACTION]: SolanaSignTransactionFeature
  [SOLANA_SIGN_MESSAGE]: SolanaSignMessageFeature
}

/**
 * A wallet's feature when it has it with its method, else undefined. Wallets come from
 * any script on the page, so a feature is never trusted to have the shape its name says.
 *
 * @example
 * const connect = featureOf(wallet, 'standard:connect')
 * if (connect) await connect.connect()
 */
export function featureOf<N extends keyof FeatureTypes>(
  wallet: StandardWallet,
  name: N,
): FeatureTypes[N] | undefined {
  const feature = wallet.features[name] as Record<string, unknown> | undefined
  const method = featureMethods[name] as string
  return feature && typeof feature === 'object' && typeof feature[method] === 'function'
    ? (feature as unknown as FeatureTypes[N])
    : undefined
}
