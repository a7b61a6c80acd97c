/**
 * The dev Solana wallet's logic, without any UI: a Wallet Standard wallet over the
 * fixture keypairs that asks a consent queue before it connects or signs, signs with
 * ed25519 and sends through the local RPC. The browser installer puts a panel on the
 * queue; Node tests approve or reject on the queue directly.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import type { SolanaFixtureAccount } from '../solana/fixtures.js'
import { type ConsentQueue, DevWalletError, unauthorized } from './consent.js'
import { describeTransaction } from './describeTransaction.js'
import { DEV_SOLANA_WALLET_ICON } from './icon.js'

export const DEV_SOLANA_WALLET_NAME = 'Latch Dev Solana'

const SIGNING_FEATURES = [
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
] as const

/** A Wallet Standard account of the dev wallet. */
export interface DevSolanaWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly `${string}:${string}`[]
  readonly features: readonly `${string}:${string}`[]
  readonly label?: string
}

type ChangeListener = (properties: { accounts?: readonly DevSolanaWalletAccount[] }) => void
type Commitment = 'processed' | 'confirmed' | 'finalized'
interface SendOptions {
  skipPreflight?: boolean
  preflightCommitment?: Commitment
  maxRetries?: number
  minContextSlot?: number
}

/** Where the dev wallet remembers that the site is connected (localStorage in the page). */
export interface DevSolanaWalletStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface CreateDevSolanaWalletOptions {
  /** Keypairs the wallet holds; the first is selected. */
  accounts: readonly SolanaFixtureAccount[]
  /** The local endpoint signAndSendTransaction sends to. */
  rpcUrl: string
  consent: ConsentQueue
  /** Wallet Standard chains it claims. Default `['solana:localnet']`. */
  chains?: readonly `${string}:${string}`[]
  /** Remembers the connection across page loads, for silent reconnect. */
  storage?: DevSolanaWalletStorage
}

export interface DevSolanaWallet {
  /** The object to register with the Wallet Standard (or hand to the adapter). */
  readonly wallet: {
    readonly version: '1.0.0'
    readonly name: string
    readonly icon: typeof DEV_SOLANA_WALLET_ICON
    readonly chains: readonly `${string}:${string}`[]
    readonly accounts: readonly DevSolanaWalletAccount[]
    readonly features: Readonly<Record<`${string}:${string}`, unknown>>
  }
  /** Switches the exposed account, as a person would in the wallet; emits `change`. */
  selectAccount(address: string): void
  /** Forgets the site's connection, as "disconnect site" in a wallet does; emits `change`. */
  revoke(): void
}

/** Storage key of the remembered connection. */
export const DEV_SOLANA_WALLET_STORAGE_KEY = 'latchkit.devWalletSolana.connected'

const base58 = getBase58Encoder()

/**
 * Creates the dev Solana wallet.
 *
 * @example
 * const consent = createConsentQueue()
 * const { wallet } = createDevSolanaWallet({ accounts: solanaFixtureAccounts, rpcUrl, consent })
 * registerWallet(wallet)
 */
export function createDevSolanaWallet(options: CreateDevSolanaWalletOptions): DevSolanaWallet {
  const { consent, storage } = options
  const chains = options.chains ?? ['solana:localnet']
  const keys = new Map(options.accounts.map((account) => [account.address, account.secretKey]))
  // One object per account, kept: apps compare Wallet Standard accounts by identity.
  const accountObjects = new Map<string, DevSolanaWalletAccount>(
    options.accounts.map((account, index) => [
      account.address,
      Object.freeze({
        address: account.address,
        publicKey: new Uint8Array(base58.encode(account.address)),
        chains,
        features: SIGNING_FEATURES,
        label: `Fixture account ${index}`,
      }),
    ]),
  )
  let selected = options.accounts[0]?.address
  let authorized = storage?.getItem(DEV_SOLANA_WALLET_STORAGE_KEY) === 'true'
  const listeners = new Set<ChangeListener>()
  const rpc = createSolanaRpc(options.rpcUrl)

  const exposed = (): readonly DevSolanaWalletAccount[] => {
    const account = authorized && selected ? accountObjects.get(selected) : undefined
    return account ? [account] : []
  }
  const emitChange = () => {
    const accounts = exposed()
    for (const listener of [...listeners]) listener({ accounts })
  }
  const setAuthorized = (value: boolean) => {
    authorized = value
    if (value) storage?.setItem(DEV_SOLANA_WALLET_STORAGE_KEY, 'true')
    else storage?.removeItem(DEV_SOLANA_WALLET_STORAGE_KEY)
  }
  /** The secret key of an account the site may use. */
  const keyFor = (account: { address?: unknown } | undefined): Uint8Array => {
    const address = account?.address
    if (!authorized || typeof address !== 'string' || !exposed().some((a) => a.address === address))
      throw unauthorized()
    const key = keys.get(address)
    if (!key) throw unauthorized()
    return key
  }
  const checkChain = (chain: unknown) => {
    if (chain !== undefined && !chains.includes(chain as `${string}:${string}`)) {
      throw new DevWalletError(4901, `The dev wallet does not know the chain ${String(chain)}`)
    }
  }
  /** Signs the transaction's message for `address` and returns the signed transaction. */
  const sign = (bytes: Uint8Array, address: string, key: Uint8Array): Transaction => {
    const transaction = getTransactionDecoder().decode(bytes)
    if (!(address in transaction.signatures)) {
      throw new DevWalletError(-32602, `The transaction does not need a signature from ${address}`)
    }
    const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), key) as SignatureBytes
    return { ...transaction, signatures: { ...transaction.signatures, [address]: signature } }
  }
  const encode = (transaction: Transaction) => new Uint8Array(getTransactionEncoder().encode(transaction))

  const wallet: DevSolanaWallet['wallet'] = {
    version: '1.0.0',
    name: DEV_SOLANA_WALLET_NAME,
    icon: DEV_SOLANA_WALLET_ICON,
    chains,
    get accounts() {
      return exposed()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!authorized) {
            // A silent connect never prompts: without an earlier approval it finds nothing.
            if (input?.silent) return { accounts: [] }
            await consent.ask({
              feature: 'standard:connect',
              title: 'Connection request',
              details: [{ label: 'Account', value: selected ?? 'none' }],
            })
            setAuthorized(true)
            emitChange()
          }
          return { accounts: exposed() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          setAuthorized(false)
          emitChange()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: DevSolanaWalletAccount; message: Uint8Array }[]) {
          const outputs = []
          for (const { account, message } of inputs) {
            const key = keyFor(account)
            await consent.ask({
              feature: 'solana:signMessage',
              title: 'Signature request',
              details: [
                { label: 'Account', value: account.address },
                { label: 'Message', value: new TextDecoder().decode(message) },
              ],
            })
            outputs.push({
              signedMessage: message,
              signature: ed25519.sign(message, key),
              signatureType: 'ed25519',
            })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(
          ...inputs: { account: DevSolanaWalletAccount; chain?: string; transaction: Uint8Array }[]
        ) {
          const outputs = []
          for (const { account, chain, transaction } of inputs) {
            const key = keyFor(account)
            checkChain(chain)
            await consent.ask({
              feature: 'solana:signTransaction',
              title: 'Sign transaction',
              details: describeTransaction(transaction),
            })
            outputs.push({ signedTransaction: encode(sign(transaction, account.address, key)) })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: {
            account: DevSolanaWalletAccount
            chain: string
            transaction: Uint8Array
            options?: SendOptions
          }[]
        ) {
          const outputs = []
          for (const { account, chain, transaction, options: sendOptions = {} } of inputs) {
            const key = keyFor(account)
            checkChain(chain)
            await consent.ask({
              feature: 'solana:signAndSendTransaction',
              title: 'Send transaction',
              details: describeTransaction(transaction),
            })
            const signed = sign(transaction, account.address, key)
            const wire = getBase64Decoder().decode(encode(signed)) as Base64EncodedWireTransaction
            try {
              await rpc
                .sendTransaction(wire, {
                  encoding: 'base64',
                  skipPreflight: sendOptions.skipPreflight,
                  preflightCommitment: sendOptions.preflightCommitment,
                  ...(sendOptions.maxRetries !== undefined
                    ? { maxRetries: BigInt(sendOptions.maxRetries) }
                    : {}),
                  ...(sendOptions.minContextSlot !== undefined
                    ? { minContextSlot: BigInt(sendOptions.minContextSlot) }
                    : {}),
                })
                .send()
            } catch (error) {
              // Wallets pass the node's error on; the code says what failed (-32002 preflight).
              const code = (error as { context?: { __code?: number } }).context?.__code
              throw new DevWalletError(typeof code === 'number' ? code : -32603, (error as Error).message)
            }
            outputs.push({
              signature: (signed.signatures as Record<string, Uint8Array>)[account.address] as Uint8Array,
            })
          }
          return outputs
        },
      },
    },
  }

  return {
    wallet,
    selectAccount(address) {
      if (!keys.has(address)) throw new Error(`The dev wallet holds no key for ${address}`)
      selected = address
      if (authorized) emitChange()
    },
    revoke() {
      setAuthorized(false)
      emitChange()
    },
  }
}
