import type { StandardWallet, StandardWalletAccount } from 'latchkit/adapters/solana'
import { sessionAccounts, sessionNamespaces } from './namespaces'
import type { SessionManager } from './sessionManager'

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']

// The Solana adapter's signing over solana_* requests: an app with Solana networks has it
// installed; loaded with the first request.
const solanaAdapter = () => import('latchkit/adapters/solana')

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
  const granted = () => sessionAccounts(sessionNamespaces(sessions.session()), 'solana')
  // The adapter names chains the Wallet Standard way ('solana:localnet', 'solana:devnet');
  // the session speaks CAIP-2 (the genesis hash), so a request goes on the session's chain
  // unless the adapter already named one of those.
  const chainOf = (chain?: string) => {
    const approved = (sessionNamespaces(sessions.session()).solana?.accounts ?? []).map((id) =>
      id.split(':').slice(0, 2).join(':'),
    )
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
          const { rpcSignMessages } = await solanaAdapter()
          return rpcSignMessages(
            inputs,
            ({ account }, message) =>
              request(undefined, 'solana_signMessage', { message, pubkey: account.address }),
            'wallet',
          )
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { chain?: string; transaction: Uint8Array }[]) {
          const { rpcSignTransactions } = await solanaAdapter()
          return rpcSignTransactions(
            inputs,
            ({ chain }, transaction) => request(chain, 'solana_signTransaction', { transaction }),
            'wallet',
          )
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: { chain?: string; transaction: Uint8Array; options?: Record<string, unknown> }[]
        ) {
          const { rpcSignAndSendTransactions } = await solanaAdapter()
          return rpcSignAndSendTransactions(
            inputs,
            ({ chain, options }, transaction) =>
              request(chain, 'solana_signAndSendTransaction', {
                transaction,
                ...(options ? { sendOptions: options } : {}),
              }),
            'wallet',
          )
        },
      },
    },
  }
}
