import type { ChainNamespace, Connector, ConnectorEvent, ConnectResult, Kernel } from 'latchkit'
import { latchError } from 'latchkit/internal'
import { evmSessionProvider } from './evmSessionProvider'
import { connectorIdFor } from './ids'
import { chainIdOf, type SessionNamespace, sessionAccounts, sessionNamespaces } from './namespaces'
import type { SessionManager } from './sessionManager'
import { solanaSessionWallet } from './solanaSessionWallet'
import { WALLETCONNECT_ICON } from './walletConnectIcon'

/**
 * The kernel's connector for one chain family over the shared WalletConnect session:
 * `connect` waits for the session (pairing if there is none) and reports its accounts on
 * this family; `getAuthorized` restores a stored session after a reload without a
 * prompt; `disconnect` ends the session for every family (the kernel disconnects the
 * others on the same connector kind).
 *
 * @example
 * kernel.connectors.register(sessionConnector(kernel, sessions, 'eip155'))
 */
export function sessionConnector(
  kernel: Kernel,
  sessions: SessionManager,
  namespace: ChainNamespace,
): Connector {
  const evm = namespace === 'eip155' ? evmSessionProvider(kernel, sessions) : undefined
  const provider = evm ?? solanaSessionWallet(sessions, 'WalletConnect', WALLETCONNECT_ICON)

  const resultOf = (namespaces: Readonly<Record<string, SessionNamespace>>): ConnectResult | undefined => {
    const preferred = kernel.getState().networks[namespace]?.caipNetwork?.caipNetworkId
    const granted = sessionAccounts(namespaces, namespace, preferred)
    if (!granted) return undefined
    const chainId = chainIdOf(granted.chain)
    if (evm && typeof chainId === 'number') evm.setChain(chainId)
    return { accounts: granted.accounts, chainId }
  }

  return {
    id: connectorIdFor(namespace),
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: namespace,
    imageUrl: WALLETCONNECT_ICON,

    async connect() {
      const session = await sessions.sessionOrPairing()
      const result = resultOf(sessionNamespaces(session))
      if (!result) {
        throw latchError('ACCOUNT_NOT_FOUND', {}, { details: `The wallet approved no ${namespace} account` })
      }
      return result
    },

    async getAuthorized() {
      const session = await sessions.restore()
      return session ? resultOf(sessionNamespaces(session)) : undefined
    },

    async disconnect() {
      await sessions.end()
    },

    getProvider: () => provider,

    async switchNetwork(network) {
      if (evm) {
        await evm.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${Number(network.id).toString(16)}` }],
        })
        return
      }
      const approved = sessionNamespaces(sessions.session())[namespace]
      if (!approved?.accounts.some((account) => account.startsWith(`${network.caipNetworkId}:`))) {
        throw latchError(
          'CHAIN_MISMATCH',
          {},
          { details: `The wallet did not approve ${network.caipNetworkId}` },
        )
      }
    },

    subscribe(listener: (event: ConnectorEvent) => void) {
      return sessions.subscribe((event) => {
        if (event.namespace === namespace) listener(event.event)
      })
    },
  }
}
