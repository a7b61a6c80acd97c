import type { StandardWallet, StandardWalletAccount } from 'latchkit/adapters/solana'
import { toRpcError } from 'latchkit/internal'
import { asProviderError } from './authEvmProvider'
import type { AuthSession } from './authSession'

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']

// Base58 and base64 as the solana_* requests carry them, from @solana/kit, and the
// commitments the Solana adapter accepts, which an app with Solana networks has installed;
// loaded with the first request.
async function codecs() {
  const [kit, { solanaCommitments }] = await Promise.all([
    import('@solana/kit'),
    import('latchkit/adapters/solana'),
  ])
  return {
    base58: kit.getBase58Codec(),
    base64: kit.getBase64Codec(),
    commitments: solanaCommitments as readonly string[],
  }
}

/** A string field of the frame's answer, or a named error when it lacks it. */
function field(result: unknown, name: string, method: string): string {
  const value = (result as Record<string, unknown> | null)?.[name]
  if (typeof value !== 'string' || value === '') {
    throw toRpcError({ code: -32603, message: `The embedded wallet's answer to ${method} has no ${name}` })
  }
  return value
}

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
          const { base58 } = await codecs()
          const outputs = []
          for (const { message } of inputs) {
            const result = await rpc('solana_signMessage', { message: base58.decode(message) })
            const signature = base58.encode(field(result, 'signature', 'solana_signMessage'))
            outputs.push({
              signedMessage: message,
              signature: new Uint8Array(signature),
              signatureType: 'ed25519' as const,
            })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { transaction: Uint8Array }[]) {
          const { base64 } = await codecs()
          const outputs = []
          for (const { transaction } of inputs) {
            const result = await rpc('solana_signTransaction', { transaction: base64.decode(transaction) })
            const signed = base64.encode(field(result, 'transaction', 'solana_signTransaction'))
            outputs.push({ signedTransaction: new Uint8Array(signed) })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: { transaction: Uint8Array; options?: Record<string, unknown> }[]
        ) {
          const { base58, base64, commitments } = await codecs()
          const outputs = []
          for (const { transaction, options } of inputs) {
            const picked = sendOptions(options, commitments)
            const result = await rpc('solana_signAndSendTransaction', {
              transaction: base64.decode(transaction),
              ...(picked ? { options: picked } : {}),
            })
            const signature = base58.encode(field(result, 'signature', 'solana_signAndSendTransaction'))
            outputs.push({ signature: new Uint8Array(signature) })
          }
          return outputs
        },
      },
    },
  }
}
