import type { Connector, ConnectorEvent, ConnectResult, Network } from 'latchkit'
import { latchError } from 'latchkit/internal'
import { toAccounts } from './accounts'
import { walletSupports } from './chains'
import { callWallet } from './walletErrors'
import {
  featureOf,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  type StandardWallet,
} from './walletStandard'

export interface WalletStandardConnectorParameters {
  wallet: StandardWallet
  /** Connector id; discovery uses `solana:<name slug>`. */
  id: string
  /** Display name and icon, already validated by the caller. */
  name: string
  icon?: string
  /** The app's Solana networks, in order: a connection lands on the first the wallet supports. */
  networks: () => readonly Network[]
  /** Default 'ANNOUNCED' (found through the Wallet Standard registry). */
  type?: Connector['type']
}

/**
 * A Connector for a Wallet Standard wallet on the `solana` namespace. The standard has no
 * notion of a wallet's current network (each sign request names its chain), so the
 * network is the app's choice: connect lands on the requested network when the wallet
 * lists it, and switchNetwork only checks that the wallet lists the new one.
 *
 * @example
 * kernel.connectors.register(
 *   walletStandardConnector({ wallet, id: 'solana:my-wallet', name: 'My Wallet', networks: () => kernel.networks('solana') }),
 * )
 */
export function walletStandardConnector(parameters: WalletStandardConnectorParameters): Connector {
  const { wallet, id, name, icon, networks, type = 'ANNOUNCED' } = parameters

  /** The network to report: the requested one if the wallet lists it, else the first it does. */
  const landOn = (requested: Network | undefined): Network | undefined => {
    const solanaNetworks = networks()
    if (requested?.chainNamespace === 'solana' && walletSupports(wallet, requested)) return requested
    return solanaNetworks.find((network) => walletSupports(wallet, network)) ?? requested ?? solanaNetworks[0]
  }

  const result = (accounts: ConnectResult['accounts'], requested: Network | undefined): ConnectResult => {
    const network = landOn(requested)
    if (!network) throw latchError('CHAIN_NOT_CONFIGURED', {}, { details: 'No Solana network is configured' })
    return { accounts, chainId: network.id }
  }

  const connectFeature = () => {
    const feature = featureOf(wallet, STANDARD_CONNECT)
    if (!feature)
      throw latchError('CONNECTOR_NOT_FOUND', {}, { details: `${name} no longer offers ${STANDARD_CONNECT}` })
    return feature
  }

  return {
    id,
    name,
    type,
    chain: 'solana',
    ...(icon !== undefined ? { imageUrl: icon } : {}),
    info: { walletStandard: true },

    async connect({ network }) {
      const { accounts } = await callWallet(() => connectFeature().connect())
      return result(toAccounts(accounts), network)
    },

    async getAuthorized() {
      // Accounts the wallet already exposes to this page need no request at all; otherwise
      // a silent connect restores an earlier approval without showing a prompt.
      let accounts = toAccounts(wallet.accounts)
      if (accounts.length === 0) {
        try {
          accounts = toAccounts((await connectFeature().connect({ silent: true })).accounts)
        } catch {
          return undefined
        }
      }
      return accounts.length > 0 ? result(accounts, undefined) : undefined
    },

    async disconnect() {
      const feature = featureOf(wallet, STANDARD_DISCONNECT)
      // Optional in the standard: without it the kernel forgets the session all the same.
      if (feature) await callWallet(() => feature.disconnect())
    },

    getProvider: () => wallet,

    async switchNetwork(network) {
      if (network.chainNamespace !== 'solana' || !walletSupports(wallet, network)) {
        throw latchError(
          'UNSUPPORTED_CHAIN',
          {},
          { details: `${name} does not support ${network.caipNetworkId}` },
        )
      }
    },

    subscribe(listener: (event: ConnectorEvent) => void) {
      const events = featureOf(wallet, STANDARD_EVENTS)
      if (!events) return () => {}
      return events.on('change', (properties) => {
        if (properties && 'accounts' in properties) {
          listener({ type: 'accountsChanged', accounts: toAccounts(properties.accounts) })
        }
      })
    },
  }
}
