import type { Connector, ConnectorEvent, ConnectorType, ConnectResult } from 'latchkit'
import { toAccounts } from './accounts'
import { parseChainId, readChainId } from './chainId'
import { loadWalletActions } from './loadWalletActions'
import { type Eip1193Provider, providerErrorCodes, request } from './provider'

export interface Eip1193ConnectorParameters {
  provider: Eip1193Provider
  /** Unique connector id; for EIP-6963 wallets the rdns. */
  id: string
  name: string
  /** `data:image/...` or https URL, already vetted by the caller. */
  icon?: string
  rdns?: string
  /** EIP-6963 uuid of this page load's announcement. */
  uuid?: string
  /** Default 'EXTERNAL' (a provider the integrator brings). */
  type?: ConnectorType
}

/** MetaMask emits `disconnect` with 1013 while it reconnects to its own RPC. */
const TRY_AGAIN_LATER = 1013

/**
 * A Connector for any EIP-1193 provider: an EIP-6963 announced wallet, `window.ethereum`,
 * or a provider an integrator builds. Every wallet error comes out mapped to the kernel's
 * classes (4001 UserRejectedRequestError, 4902 SwitchChainError, ...); addresses come out
 * checksummed.
 *
 * @example
 * kernel.connectors.register(
 *   eip1193Connector({ provider: myProvider, id: 'com.example', name: 'Example', type: 'CUSTOM' }),
 * )
 */
export function eip1193Connector(parameters: Eip1193ConnectorParameters): Connector {
  const { provider, id, name, icon, rdns, uuid, type = 'EXTERNAL' } = parameters
  const info: Connector['info'] = {}
  if (rdns !== undefined) info.rdns = rdns
  if (uuid !== undefined) info.uuid = uuid

  return {
    id,
    name,
    type,
    chain: 'eip155',
    ...(icon !== undefined ? { imageUrl: icon } : {}),
    info,

    async connect({ network }): Promise<ConnectResult> {
      const accounts = toAccounts(await request(provider, { method: 'eth_requestAccounts' }))
      let chainId = await readChainId(provider)
      if (network?.chainNamespace === 'eip155' && parseChainId(network.id) !== chainId) {
        try {
          chainId = await (await loadWalletActions()).switchChain(provider, { network })
        } catch {
          // Declined or impossible: stay connected on the wallet's chain; the kernel
          // decides whether that chain is supported (and may show UnsupportedChain).
        }
      }
      return { accounts, chainId }
    },

    async getAuthorized(): Promise<ConnectResult | undefined> {
      // eth_accounts never prompts: it lists what this site is already allowed to see.
      const accounts = toAccounts(await request(provider, { method: 'eth_accounts' }))
      if (accounts.length === 0) return undefined
      return { accounts, chainId: await readChainId(provider) }
    },

    async disconnect() {
      // EIP-2255 revoke, so the next connect prompts again. Many wallets lack it; the
      // kernel forgets the session either way, so a failure here changes nothing.
      try {
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {}
    },

    getProvider: () => provider,

    async switchNetwork(network) {
      await (await loadWalletActions()).switchChain(provider, { network })
    },

    subscribe(listener: (event: ConnectorEvent) => void) {
      if (typeof provider.on !== 'function') return () => {}
      let active = true
      const onAccountsChanged = (accounts: unknown) => {
        listener({ type: 'accountsChanged', accounts: toAccounts(accounts) })
      }
      const onChainChanged = (value: unknown) => {
        const chainId = parseChainId(value)
        if (chainId !== undefined) listener({ type: 'chainChanged', chainId })
      }
      const onDisconnect = (error?: unknown) => {
        if (!providerErrorCodes(error).includes(TRY_AGAIN_LATER)) {
          listener({ type: 'disconnect' })
          return
        }
        // A transient 1013 is not a disconnect while the wallet still lists accounts.
        provider.request({ method: 'eth_accounts' }).then(
          (accounts) => {
            if (active && toAccounts(accounts).length === 0) listener({ type: 'disconnect' })
          },
          () => {
            if (active) listener({ type: 'disconnect' })
          },
        )
      }
      provider.on('accountsChanged', onAccountsChanged)
      provider.on('chainChanged', onChainChanged)
      provider.on('disconnect', onDisconnect)
      return () => {
        active = false
        provider.removeListener?.('accountsChanged', onAccountsChanged)
        provider.removeListener?.('chainChanged', onChainChanged)
        provider.removeListener?.('disconnect', onDisconnect)
      }
    },
  }
}
