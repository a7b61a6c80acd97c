import { getWallets } from '@wallet-standard/app'
import { type ChainAdapter, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { estimateFee } from './actions/estimateFee'
import { getBalance } from './actions/getBalance'
import { getTokenBalances, type SolanaTokenInfo } from './actions/getTokenBalances'
import { sendTransaction } from './actions/sendTransaction'
import { signMessage } from './actions/signMessage'
import { isSolanaAddress } from './address'
import { isSolanaAddressPrefix, looksLikeSolanaAddress } from './addressInput'
import { startDiscovery } from './discovery'
import { getAddressExplorerUrl, getTransactionExplorerUrl } from './explorerUrls'
import { SYSTEM_PROGRAM } from './instructions'
import { createRpcCache } from './rpc'
import { walletOf } from './wallet'
import type { StandardWallets } from './walletStandard'

export interface SolanaAdapterOptions {
  /** Discover Wallet Standard wallets. Default true. */
  discovery?: boolean
  /**
   * The wallet registry to discover from. Default: `getWallets()` of `@wallet-standard/app`,
   * the page-wide registry every Solana wallet extension registers with.
   */
  wallets?: StandardWallets
  /** Names, symbols and icons of SPL mints, by mint address (mints carry none on chain). */
  tokens?: Readonly<Record<string, SolanaTokenInfo>>
  /** Commitment of balance reads. Default 'confirmed'. */
  commitment?: 'processed' | 'confirmed' | 'finalized'
  /**
   * How long one call to the network's RPC may take before it fails with a TimeoutError.
   * Default 15000.
   */
  rpcDeadlineMs?: number
}

/**
 * The Solana adapter: owns the `solana` namespace. At kernel start it lists Wallet
 * Standard wallets that speak Solana as ANNOUNCED connectors; afterwards it reads SOL and
 * SPL balances over each network's first RPC URL and signs and sends through the
 * connected wallet. Networks come from the kernel options: `solana`, `solanaTestnet`,
 * `solanaDevnet` or `localSolana(...)` from latchkit/networks.
 *
 * @example
 * import { createKernel } from 'latchkit'
 * import { solanaAdapter } from 'latchkit/adapters/solana'
 * import { solana, solanaDevnet } from 'latchkit/networks'
 *
 * const kernel = createKernel({ networks: [solana, solanaDevnet], adapters: [solanaAdapter()] })
 */
export function solanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  const rpcFor = createRpcCache(options.rpcDeadlineMs)
  const { tokens, commitment } = options

  return {
    namespace: 'solana',

    setup(ctx) {
      if (options.discovery === false) return
      return startDiscovery({
        wallets: options.wallets ?? getWallets(),
        connectors: ctx.connectors,
        logger: ctx.logger,
        networks: () => ctx.kernel.networks('solana'),
      })
    },

    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },

    isAddress: (address) => isSolanaAddress(address),
    // The system program's id: an account no key signs for.
    isBurnAddress: (address) => address === SYSTEM_PROGRAM,
    isAddressPrefix: isSolanaAddressPrefix,
    looksLikeAddress: looksLikeSolanaAddress,

    getBalance: ({ address, network }) => getBalance(rpcFor(network), { address, network, commitment }),

    getTokenBalances: ({ address, network }) =>
      getTokenBalances(rpcFor(network), { address, network, tokens, commitment }),

    signMessage: ({ connector, address, message }) => signMessage(walletOf(connector), { address, message }),

    sendTransaction: async ({
      connector,
      network,
      from,
      to,
      value,
      tokenAddress,
      data,
      options: sendOptions,
    }) => {
      // EVM-style call data means nothing to a Solana program: refuse rather than drop it.
      if (data !== undefined) {
        throw new ValidationError(messages.VALIDATION_FAILED, {
          code: 'VALIDATION_FAILED',
          details: 'Solana transfers take no call data',
        })
      }
      return sendTransaction(rpcFor(network), walletOf(connector), {
        network,
        from,
        to,
        value,
        tokenAddress,
        options: sendOptions,
      })
    },

    estimateFee: ({ network, from, to, value, tokenAddress }) =>
      estimateFee(rpcFor(network), { network, from, to, value, tokenAddress }),

    getAddressExplorerUrl,
    getTransactionExplorerUrl,
  }
}
