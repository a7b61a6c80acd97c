import { type Kernel, withProviderRpcErrors } from 'latchkit'
import { type Eip1193Provider, isEip1193Provider } from 'latchkit/adapters/evm'
import { ProviderDisconnectedError } from 'viem'
import { EVM } from './evmConnection'

function connectedProvider(kernel: Kernel): Eip1193Provider | undefined {
  const id = kernel.getState().connectorIds[EVM]
  const provider = id ? kernel.connectors.get(id)?.getProvider() : undefined
  return isEip1193Provider(provider) ? provider : undefined
}

/**
 * The EIP-1193 provider of the wallet Latchkit has connected on EVM, or a
 * ProviderDisconnectedError (4900) when there is none.
 *
 * @example
 * await activeProvider(kernel).request({ method: 'eth_chainId' })
 */
export function activeProvider(kernel: Kernel): Eip1193Provider {
  const provider = connectedProvider(kernel)
  if (!provider) {
    throw new ProviderDisconnectedError(new Error('Latchkit has no EVM wallet connected'))
  }
  return provider
}

/**
 * One provider object for wagmi to keep, that always talks to the wallet connected now:
 * wagmi caches the provider a connector hands out, while a visitor may leave one wallet
 * for another (browser wallet, WalletConnect, embedded) without wagmi being told. It
 * rejects with EIP-1193 errors (numeric `code`) whatever the wallet's provider throws.
 *
 * @example
 * const client = createWalletClient({ transport: custom(forwardingProvider(kernel)) })
 */
export function forwardingProvider(kernel: Kernel): Eip1193Provider {
  return withProviderRpcErrors<Eip1193Provider>({
    request: async (args) => activeProvider(kernel).request(args),
    // Wallet events reach wagmi through the connector (from Latchkit's state), so these
    // only pass a listener on to whichever wallet is connected now.
    on(event, listener) {
      connectedProvider(kernel)?.on?.(event, listener)
      return this
    },
    removeListener(event, listener) {
      connectedProvider(kernel)?.removeListener?.(event, listener)
      return this
    },
  })
}
