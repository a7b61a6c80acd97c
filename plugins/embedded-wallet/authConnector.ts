import type { Connector, ConnectResult } from 'latchkit'
import type { AuthNamespace } from 'latchkit/internal'
import { authEvmProvider } from './authEvmProvider'
import type { AuthSession } from './authSession'
import { authSolanaWallet } from './authSolanaWallet'
import type { FrameUser } from './frameMessages'
import { authConnectorId } from './ids'

/** The embedded wallet's icon: a key in a rounded square (a data URI, so the modal shows it). */
export const EMBEDDED_WALLET_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzNiNjZmNSIvPjxjaXJjbGUgY3g9IjEyIiBjeT0iMTYiIHI9IjUiIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIyIi8+PHBhdGggZD0iTTE3IDE2aDlNMjMgMTZ2NCIgc3Ryb2tlPSIjZmZmIiBzdHJva2Utd2lkdGg9IjIiLz48L3N2Zz4='

/**
 * The user's accounts for the kernel, the one in use first: no smart-account network is
 * configured, so that is the account at the user's address (the eoa), whatever type the
 * person prefers; the preference is stored and reported in the account state.
 *
 * @example
 * connectResultOf('eip155', user) // { accounts: [{ address: '0xAb…', type: 'eoa' }], chainId: 31337 }
 */
export function connectResultOf(namespace: AuthNamespace, user: FrameUser): ConnectResult {
  const inUse = { address: user.address, type: 'eoa' as const }
  const others = user.accounts.filter((account) => account.address !== user.address)
  const reference = user.chainId.slice(user.chainId.indexOf(':') + 1)
  return { accounts: [inUse, ...others], chainId: namespace === 'eip155' ? Number(reference) : reference }
}

/**
 * The AUTH connector of one chain family over the embedded wallet: `connect` reports the
 * user the frame has logged in (the email plugin logs in first), `getAuthorized` restores
 * a login after a reload without a prompt (IS_CONNECTED, then GET_USER), `disconnect`
 * signs out once for every family (the kernel disconnects the others of the AUTH kind).
 *
 * @example
 * kernel.connectors.register(authConnector(session, 'eip155', 'Embedded wallet'))
 */
export function authConnector(session: AuthSession, namespace: AuthNamespace, name: string): Connector {
  const provider =
    namespace === 'eip155' ? authEvmProvider(session) : authSolanaWallet(session, name, EMBEDDED_WALLET_ICON)
  return {
    id: authConnectorId(namespace),
    name,
    type: 'AUTH',
    chain: namespace,
    imageUrl: EMBEDDED_WALLET_ICON,

    async connect({ network }) {
      return connectResultOf(namespace, await session.loadUser(namespace, network))
    },

    async getAuthorized() {
      if (!(await session.restorable())) return undefined
      return connectResultOf(namespace, await session.loadUser(namespace, undefined))
    },

    disconnect: () => session.signOut(),

    getProvider: () => provider,

    async switchNetwork(network) {
      await session.switchNetwork(namespace, network.caipNetworkId)
    },

    subscribe: (listener) => session.subscribe(namespace, listener),
  }
}
