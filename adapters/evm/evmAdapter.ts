import type { ChainAdapter, Network } from 'latchkit'
import { latchError } from 'latchkit/internal'
import { getBalance } from './actions/getBalance'
import { isAddress } from './address'
import { isEvmAddressPrefix, looksLikeEvmAddress } from './addressInput'
import { type DiscoveryWindow, startDiscovery } from './discovery'
import { getAddressExplorerUrl, getTransactionExplorerUrl } from './explorerUrls'
import { loadWalletActions } from './loadWalletActions'
import { type Eip1193Provider, providerOf } from './provider'
import { createRpcClient } from './rpcClient'

export interface EvmAdapterOptions {
  /** Discover browser wallets with EIP-6963. Default true. */
  discovery?: boolean
  /** Offer a legacy `window.ethereum` that no wallet announced. Default true. */
  injected?: boolean
  /**
   * Where to discover wallets. Default: the global `window`; without one (server-side
   * rendering, workers) discovery does nothing.
   */
  window?: DiscoveryWindow
  /**
   * How long a read from a node (balance, fee) may take, every retry included, before it
   * fails with a TimeoutError. Default 15000.
   */
  rpcDeadlineMs?: number
}

/**
 * The EVM adapter: owns the `eip155` namespace. At kernel start it discovers browser
 * wallets (EIP-6963 announcements as ANNOUNCED connectors, a lone `window.ethereum` as
 * INJECTED); afterwards it reads balances over each network's first RPC URL and signs and
 * sends through the connected wallet.
 *
 * @example
 * import { createKernel } from 'latchkit'
 * import { evmAdapter } from 'latchkit/adapters/evm'
 * import { mainnet, base } from 'latchkit/networks'
 *
 * const kernel = createKernel({ networks: [mainnet, base], adapters: [evmAdapter()] })
 */
export function evmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  // One RPC client per network and URL, made on first use and reused after. The adapter
  // imports nothing from viem at run time: any import of viem's entry, even a lazy one,
  // adds about 40 KB gzip to the build under code splitting (viem's own dynamic imports
  // become chunks and pull shared code with them), and what the adapter needs of it (a
  // JSON-RPC POST, checksums, hex, one ERC20 call) is a few lines on the kernel's helpers.
  const clients = new Map<string, Eip1193Provider>()

  const clientFor = (network: Network): Eip1193Provider => {
    const url = network.rpcUrls.default.http[0]
    if (!url) {
      throw latchError('NO_ACTIVE_CAIP_NETWORK', {}, { details: `${network.caipNetworkId} has no RPC URL` })
    }
    const key = `${network.caipNetworkId} ${url}`
    let client = clients.get(key)
    if (!client) {
      client = createRpcClient(url, { deadlineMs: options.rpcDeadlineMs })
      clients.set(key, client)
    }
    return client
  }

  return {
    namespace: 'eip155',

    setup(ctx) {
      if (options.discovery === false) return
      const target = options.window ?? (typeof window === 'undefined' ? undefined : window)
      if (!target) return
      return startDiscovery({
        window: target,
        connectors: ctx.connectors,
        logger: ctx.logger,
        injected: options.injected ?? true,
      })
    },

    // No nativeCurrency: EVM chains pay in many (ETH, POL, BNB, AVAX...), so a chain the app
    // did not configure has none the adapter could name.
    // Strict (EIP-55) unless told otherwise, as adapters' isAddress must be.
    isAddress,
    isAddressPrefix: isEvmAddressPrefix,
    looksLikeAddress: looksLikeEvmAddress,
    isSameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
    isBurnAddress: (address) => /^0x0{40}$/i.test(address),

    // async throughout: a missing RPC URL or provider must reject, not throw synchronously.
    getBalance: async ({ address, network }) => getBalance(clientFor(network), { address, network }),

    // Signing, sending and fees import their code on the first call.
    signMessage: async ({ connector, address, message }) =>
      (await loadWalletActions()).signMessage(providerOf(connector), { address, message }),

    sendTransaction: async ({ connector, ...parameters }) =>
      (await loadWalletActions()).sendTransaction(providerOf(connector), parameters),

    estimateFee: async ({ connector: _connector, ...parameters }) =>
      (await loadWalletActions()).estimateFee(clientFor(parameters.network), parameters),
    waitForTransaction: async ({ network, ...parameters }) =>
      (await loadWalletActions()).waitForTransaction(clientFor(network), parameters),

    getAddressExplorerUrl,
    getTransactionExplorerUrl,
  }
}
