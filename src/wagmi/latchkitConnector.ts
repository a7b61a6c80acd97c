import { disconnect, type Kernel, switchNetwork, toProviderRpcError } from 'latchkit'
import type { Eip1193Provider } from 'latchkit/adapters/evm'
import { type Chain, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import type { CreateConnectorFn } from 'wagmi'
import { EVM, type EvmConnection, evmConnection, settledEvmConnection } from './evmConnection'
import { forwardingProvider } from './forwardingProvider'

/** What `latchkitConnector` accepts besides the kernel. */
export interface LatchkitConnectorOptions {
  /** wagmi's connector id (default 'latchkit'). */
  id?: string
  /** The name wagmi's connector lists show (default 'Latchkit'). */
  name?: string
}

/**
 * A wagmi connector that follows Latchkit's EVM connection, whichever way the visitor
 * connected (browser wallet, WalletConnect, embedded wallet). wagmi's hooks then work
 * unchanged on that wallet: `useAccount`, `useBalance`, `useReadContract`,
 * `useWriteContract`, `useSwitchChain`. A network switch on either side shows on both; a
 * wagmi `connect()` opens Latchkit's modal; a wagmi `disconnect()` disconnects Latchkit's
 * EVM wallet. Use it as the config's only connector, with wagmi's own wallet discovery
 * off, so that Latchkit alone decides which wallet is connected.
 *
 * @example
 * const config = createConfig({
 *   chains: [mainnet, base],
 *   connectors: [latchkitConnector(kernel)],
 *   multiInjectedProviderDiscovery: false,
 *   transports: { [mainnet.id]: http(), [base.id]: http() },
 * })
 */
export function latchkitConnector(
  kernel: Kernel,
  options: LatchkitConnectorOptions = {},
): CreateConnectorFn<Eip1193Provider> {
  return (config) => {
    const provider = forwardingProvider(kernel)
    // wagmi has no teardown for a connector: the subscription lasts as long as the kernel.
    let following = false

    const accountsOf = (connection: EvmConnection) =>
      connection.connected && connection.address ? [getAddress(connection.address)] : []
    const chainIdOf = (connection: EvmConnection) => connection.chainId ?? config.chains[0].id

    /** Tells wagmi what changed in Latchkit: a connect, a new account or chain, a disconnect. */
    const follow = () => {
      let before = evmConnection(kernel)
      return kernel.subscribe(() => {
        const now = evmConnection(kernel)
        const was = before
        before = now
        if (now.connected && !was.connected) {
          config.emitter.emit('connect', { accounts: accountsOf(now), chainId: chainIdOf(now) })
        } else if (!now.connected && was.connected) {
          config.emitter.emit('disconnect')
        } else if (now.connected && (now.address !== was.address || now.chainId !== was.chainId)) {
          config.emitter.emit('change', {
            ...(now.address !== was.address && { accounts: accountsOf(now) }),
            ...(now.chainId !== was.chainId && { chainId: chainIdOf(now) }),
          })
        }
      })
    }

    /** Resolves once Latchkit connects an EVM wallet; rejects when the modal closes first. */
    const connectThroughModal = () =>
      new Promise<EvmConnection>((resolve, reject) => {
        const stopWatching = kernel.subscribe(() => {
          const now = evmConnection(kernel)
          if (!now.connected) return
          done()
          resolve(now)
        })
        const stopClosing = kernel.bus.on('modal:close', () => {
          // The modal closes itself after a successful connect: that is not a refusal.
          const now = evmConnection(kernel)
          done()
          if (now.connected) resolve(now)
          else reject(new UserRejectedRequestError(new Error('The Latchkit modal was closed')))
        })
        const done = () => {
          stopWatching()
          stopClosing()
        }
        kernel.open()
      })

    const switchTo = async (chainId: number): Promise<Chain> => {
      const chain = config.chains.find((candidate) => candidate.id === chainId)
      const network = kernel.networks(EVM).find((candidate) => candidate.id === chainId)
      if (!chain || !network) {
        throw new SwitchChainError(new Error(`Chain ${chainId} is not configured in both wagmi and Latchkit`))
      }
      if (evmConnection(kernel).chainId !== chainId) {
        try {
          await switchNetwork(kernel, { caipNetworkId: network.caipNetworkId })
        } catch (error) {
          // As wagmi's own connectors answer: a decline is a rejection, anything else a
          // failed switch, each with the wallet's numeric code underneath.
          const wire = toProviderRpcError(error)
          if (wire.code === UserRejectedRequestError.code) throw new UserRejectedRequestError(wire)
          throw new SwitchChainError(wire)
        }
      }
      return chain
    }

    return {
      id: options.id ?? 'latchkit',
      name: options.name ?? 'Latchkit',
      type: 'latchkit',
      async setup() {
        if (following) return
        following = true
        follow()
      },
      async connect(parameters) {
        let connection = await settledEvmConnection(kernel)
        if (!connection.connected) {
          // wagmi's reconnect must not open a modal: nothing to resume means no connection.
          if (parameters?.isReconnecting) throw new UserRejectedRequestError(new Error('No Latchkit session'))
          connection = await connectThroughModal()
        }
        if (parameters?.chainId !== undefined && parameters.chainId !== connection.chainId) {
          await switchTo(parameters.chainId)
          connection = evmConnection(kernel)
        }
        const accounts = accountsOf(connection)
        const chainId = chainIdOf(connection)
        // wagmi types the answer by its `withCapabilities` flag: addresses, or addresses
        // with (here no) capabilities.
        return (
          parameters?.withCapabilities
            ? { accounts: accounts.map((address) => ({ address, capabilities: {} })), chainId }
            : { accounts, chainId }
        ) as never
      },
      async disconnect() {
        if (evmConnection(kernel).connected) await disconnect(kernel, { namespace: EVM })
      },
      async getAccounts() {
        return accountsOf(evmConnection(kernel))
      },
      async getChainId() {
        return chainIdOf(evmConnection(kernel))
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        return (await settledEvmConnection(kernel)).connected
      },
      switchChain: ({ chainId }) => switchTo(chainId),
      // Latchkit's state, not the wallet's events, drives wagmi (see follow); these only
      // serve callers that report provider events by hand.
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  }
}
