import type { StandardWallet, StandardWalletAccount } from 'latchkit/adapters/solana'
import { toRpcError } from 'latchkit/internal'
import { type SessionNamespace, sessionAccounts } from './namespaces'
import type { SessionManager } from './sessionManager'

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']

// Base58 and base64 as the WalletConnect Solana methods carry them, from @solana/kit,
// which an app with Solana networks has installed; loaded with the first request.
async function codecs() {
  const kit = await import('@solana/kit')
  return { base58: kit.getBase58Codec(), base64: kit.getBase64Codec() }
}

/** A string field of a wallet's answer, or a named error when the answer lacks it. */
function field(result: unknown, name: string, method: string): string {
  const value = (result as Record<string, unknown> | null)?.[name]
  if (typeof value !== 'string' || value === '') {
    throw toRpcError({ code: -32603, message: `The wallet's answer to ${method} has no ${name}` })
  }
  return value
}

/**
 * The WalletConnect session's Solana side in the shape of a Wallet Standard wallet, so
 * the Solana adapter signs and sends through it as through any browser wallet: each
 * feature becomes the matching `solana_*` request on the session (messages in base58,
 * transactions in base64, signatures back in base58).
 *
 * @example
 * const wallet = solanaSessionWallet(sessions, 'WalletConnect', icon)
 * await wallet.features['solana:signMessage'].signMessage({ account, message })
 */
export function solanaSessionWallet(sessions: SessionManager, name: string, icon: string): StandardWallet {
  const granted = () => {
    const session = sessions.session()
    return session
      ? sessionAccounts(session.namespaces as unknown as Record<string, SessionNamespace>, 'solana')
      : undefined
  }
  // The adapter names chains the Wallet Standard way ('solana:localnet', 'solana:devnet');
  // the session speaks CAIP-2 (the genesis hash), so a request goes on the session's chain
  // unless the adapter already named one of those.
  const chainOf = (chain?: string) => {
    const session = sessions.session()
    const approved = session
      ? ((session.namespaces as unknown as Record<string, SessionNamespace>).solana?.accounts ?? []).map(
          (id) => id.split(':').slice(0, 2).join(':'),
        )
      : []
    return chain && approved.includes(chain) ? chain : (granted()?.chain ?? '')
  }
  const request = (chain: string | undefined, method: string, params: unknown) =>
    sessions.request(chainOf(chain), { method, params })

  return {
    version: '1.0.0',
    name,
    icon,
    get chains() {
      const current = granted()
      return current ? [current.chain] : []
    },
    get accounts(): readonly StandardWalletAccount[] {
      const current = granted()
      return (current?.accounts ?? []).map((account) => ({
        address: account.address,
        chains: [current?.chain ?? ''],
        features: FEATURES,
      }))
    },
    features: {
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: StandardWalletAccount; message: Uint8Array }[]) {
          const { base58 } = await codecs()
          const outputs = []
          for (const { account, message } of inputs) {
            const result = await request(undefined, 'solana_signMessage', {
              message: base58.decode(message),
              pubkey: account.address,
            })
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
        async signTransaction(...inputs: { chain?: string; transaction: Uint8Array }[]) {
          const { base64 } = await codecs()
          const outputs = []
          for (const { chain, transaction } of inputs) {
            const result = await request(chain, 'solana_signTransaction', {
              transaction: base64.decode(transaction),
            })
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
          ...inputs: { chain?: string; transaction: Uint8Array; options?: Record<string, unknown> }[]
        ) {
          const { base58, base64 } = await codecs()
          const outputs = []
          for (const { chain, transaction, options } of inputs) {
            const result = await request(chain, 'solana_signAndSendTransaction', {
              transaction: base64.decode(transaction),
              ...(options ? { sendOptions: options } : {}),
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
