import type { StandardWallet, StandardWalletAccount } from 'latchkit/adapters/solana'
import { toRpcError } from 'latchkit/internal'
import { asProviderError } from './authEvmProvider'
import type { AuthSession } from './authSession'

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
/** Who answers, as an error about a bad answer names it. */
const WHO = 'embedded wallet'

// The Solana adapter's signing over solana_* requests and its commitments: an app with
// Solana networks has it installed; loaded with the first request.
const solanaAdapter = () => import('latchkit/adapters/solana')

/**
 * Only the send options the Solana rule names, with their types: anything else is left
 * out rather than passed to the frame. `commitments` are the ones a preflightCommitment
 * may be (the Solana adapter's `solanaCommitments`).
 *
 * @example
 * sendOptions({ skipPreflight: true, preflightCommitment: 'confirmed', foo: 1 }, solanaCommitments) // { skipPreflight: true, preflightCommitment: 'confirmed' }
 */
export function sendOptions(
  options: Record<string, unknown> | undefined,
  commitments: readonly string[],
): Record<string, unknown> | undefined {
  if (!options) return undefined
  const picked: Record<string, unknown> = {}
  if (typeof options.skipPreflight === 'boolean') picked.skipPreflight = options.skipPreflight
  if (typeof options.preflightCommitment === 'string' && commitments.includes(options.preflightCommitment))
    picked.preflightCommitment = options.preflightCommitment
  if (typeof options.maxRetries === 'number') picked.maxRetries = options.maxRetries
  if (typeof options.minContextSlot === 'number') picked.minContextSlot = options.minContextSlot
  return Object.keys(picked).length > 0 ? picked : undefined
}

/**
 * The embedded wallet's Solana account in the shape of a Wallet Standard wallet, so the
 * Solana adapter signs and sends through it as through a browser wallet: each feature is
 * the matching `solana_*` RPC_REQUEST (messages in base58, transactions in base64,
 * signatures back in base58), approved by the person in the frame's own screen.
 *
 * @example
 * const wallet = authSolanaWallet(session, 'Embedded wallet', icon)
 * await wallet.features['solana:signMessage'].signMessage({ account, message })
 */
export function authSolanaWallet(session: AuthSession, name: string, icon: string): StandardWallet {
  const user = () => session.user('solana')
  const rpc = async (method: string, params: Record<string, unknown>) => {
    const current = user()
    if (!current) throw toRpcError({ code: 4900, message: 'The embedded wallet is not connected' })
    try {
      const { result } = await session.request('RPC_REQUEST', { chainId: current.chainId, method, params })
      return result
    } catch (error) {
      throw asProviderError(error)
    }
  }

  return {
    version: '1.0.0',
    name,
    icon,
    get chains() {
      const current = user()
      return current ? [current.chainId] : []
    },
    get accounts(): readonly StandardWalletAccount[] {
      const current = user()
      return current ? [{ address: current.address, chains: [current.chainId], features: FEATURES }] : []
    },
    features: {
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: StandardWalletAccount; message: Uint8Array }[]) {
          const { rpcSignMessages } = await solanaAdapter()
          return rpcSignMessages(inputs, (_input, message) => rpc('solana_signMessage', { message }), WHO)
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { transaction: Uint8Array }[]) {
          const { rpcSignTransactions } = await solanaAdapter()
          return rpcSignTransactions(
            inputs,
            (_input, transaction) => rpc('solana_signTransaction', { transaction }),
            WHO,
          )
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: { transaction: Uint8Array; options?: Record<string, unknown> }[]
        ) {
          const { rpcSignAndSendTransactions, solanaCommitments } = await solanaAdapter()
          return rpcSignAndSendTransactions(
            inputs,
            ({ options }, transaction) => {
              const picked = sendOptions(options, solanaCommitments)
              return rpc('solana_signAndSendTransaction', {
                transaction,
                ...(picked ? { options: picked } : {}),
              })
            },
            WHO,
          )
        },
      },
    },
  }
}
