/**
 * Internal steps shared by the connection actions: writing a connection into the store,
 * following a connector's events, clearing a namespace, and the network rules (a wallet on
 * a network outside the app's list is unsupported and may open UnsupportedChain).
 */
import type { Kernel } from './kernelTypes'
import { initialAccountState, initialNetworkState, overallStatus } from './store'
import type {
  Account,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  Connector,
  ConnectResult,
  Network,
} from './types'

/**
 * The configured network for a wallet's chain id, or a stand-in marked unsupported. The
 * stand-in's currency is the namespace's own: that of its first configured network, else
 * the one its adapter names; the kernel knows no chain family's decimals itself.
 */
export function networkForChainId(
  kernel: Kernel,
  namespace: ChainNamespace,
  chainId: number | string,
): Network {
  const caipNetworkId = `${namespace}:${chainId}` as CaipNetworkId
  const configured = kernel.networks(namespace)
  const known = configured.find((n) => n.caipNetworkId === caipNetworkId)
  if (known) return known
  return {
    id: chainId,
    name: `Unknown network (${caipNetworkId})`,
    chainNamespace: namespace,
    caipNetworkId,
    // With neither, no amount is read on it (balances stop at unsupported networks), so
    // no decimals are guessed: 0 shows base units as they are.
    nativeCurrency: {
      name: 'Unknown',
      symbol: '',
      decimals: 0,
      ...(configured[0] ?? kernel.adapters.get(namespace))?.nativeCurrency,
    },
    rpcUrls: { default: { http: [] } },
  }
}

/** Whether a network is one the app supports (in `options.networks`). */
export function isSupportedNetwork(kernel: Kernel, network: Network | undefined): boolean {
  return !!network && kernel.networks().some((n) => n.caipNetworkId === network.caipNetworkId)
}

export function setNamespaceStatus(
  kernel: Kernel,
  namespace: ChainNamespace,
  status: ConnectionStatus,
): void {
  kernel.store.setState((draft) => {
    const account = draft.accounts[namespace]
    if (account) account.status = status
    draft.status = overallStatus(draft.accounts)
  })
}

/** Writes an account switch (accountsChanged, or the connect answer) into the store. */
export function applyAccounts(kernel: Kernel, namespace: ChainNamespace, accounts: readonly Account[]): void {
  const first = accounts[0]
  kernel.store.setState((draft) => {
    const account = draft.accounts[namespace]
    const network = draft.networks[namespace]?.caipNetwork
    if (!account || !first) return
    if (account.address !== first.address) {
      // A different account: balance and profile belong to the old one.
      account.balance = undefined
      account.balanceSymbol = undefined
      account.profileName = undefined
      account.profileImage = undefined
      account.tokenBalance = []
    }
    account.address = first.address
    account.allAccounts = accounts.map((a) => ({ ...a }))
    account.caipAddress = network ? (`${network.caipNetworkId}:${first.address}` as CaipAddress) : undefined
    const adapter = kernel.adapters.get(namespace)
    account.addressExplorerUrl = network
      ? adapter?.getAddressExplorerUrl?.(first.address, network)
      : undefined
  })
  const { address, caipAddress } = kernel.getState().accounts[namespace] ?? {}
  kernel.bus.emit('account:changed', { namespace, address, caipAddress })
}

/**
 * Applies a wallet's chain id. If network switching is on, unsupported networks
 * are not allowed and the active network is unsupported, the UnsupportedChain view opens.
 */
export function applyChain(kernel: Kernel, namespace: ChainNamespace, chainId: number | string): void {
  const network = networkForChainId(kernel, namespace, chainId)
  const supported = isSupportedNetwork(kernel, network)
  kernel.store.setState((draft) => {
    const networkState = draft.networks[namespace]
    const account = draft.accounts[namespace]
    if (!networkState) return
    networkState.caipNetwork = network
    if (account?.address) {
      account.caipAddress = `${network.caipNetworkId}:${account.address}` as CaipAddress
      account.addressExplorerUrl = kernel.adapters
        .get(namespace)
        ?.getAddressExplorerUrl?.(account.address, network)
      account.balance = undefined
      account.balanceSymbol = undefined
      account.tokenBalance = []
    }
  })
  if (supported) kernel.storage.set('lastUsedChain', network.caipNetworkId)
  kernel.bus.emit('network:changed', { namespace, caipNetworkId: network.caipNetworkId, supported })
  evaluateUnsupportedChain(kernel, namespace)
}

/** Opens or leaves the UnsupportedChain view to match the active network. */
export function evaluateUnsupportedChain(kernel: Kernel, namespace: ChainNamespace): void {
  const { options, router } = kernel
  const state = kernel.getState()
  if (state.activeNamespace !== namespace || state.accounts[namespace]?.status !== 'connected') return
  const supported = isSupportedNetwork(kernel, state.networks[namespace]?.caipNetwork)
  const current = router.current()?.view
  if (!supported && options.enableNetworkSwitch && !options.allowUnsupportedChain) {
    if (current !== 'UnsupportedChain') router.open('UnsupportedChain')
  } else if (supported && current === 'UnsupportedChain') {
    router.close()
  }
}

/** Writes a successful connect or reconnect into the store and storage. */
export function applyConnection(kernel: Kernel, connector: Connector, result: ConnectResult): void {
  const namespace = connector.chain
  kernel.store.setState((draft) => {
    draft.connectorIds[namespace] = connector.id
    draft.activeNamespace = namespace
    const account = draft.accounts[namespace]
    if (account) {
      account.connectedWalletInfo = {
        name: connector.name,
        icon: connector.imageUrl,
        rdns: connector.info?.rdns,
        type: connector.type,
      }
    }
  })
  applyChain(kernel, namespace, result.chainId)
  applyAccounts(kernel, namespace, result.accounts)
  setNamespaceStatus(kernel, namespace, 'connected')
  const connected = new Set(kernel.storage.get('connectedNamespaces') ?? [])
  connected.add(namespace)
  kernel.storage.set('connectedNamespaces', [...connected])
  kernel.storage.set('connectedConnectorIds', {
    ...kernel.storage.get('connectedConnectorIds'),
    [namespace]: connector.id,
  })
  kernel.storage.addRecentWallet({
    id: connector.id,
    name: connector.name,
    imageUrl: connector.imageUrl,
    rdns: connector.info?.rdns,
    chain: namespace,
  })
  watchConnector(kernel, connector)
  evaluateUnsupportedChain(kernel, namespace)
}

/** Follows a connected wallet's events until the namespace disconnects. */
export function watchConnector(kernel: Kernel, connector: Connector): void {
  const namespace = connector.chain
  kernel.internal.connectorWatchers.get(namespace)?.()
  kernel.internal.connectorWatchers.delete(namespace)
  if (!connector.subscribe) return
  const unsubscribe = connector.subscribe((event) => {
    if (kernel.getState().connectorIds[namespace] !== connector.id) return
    if (event.type === 'accountsChanged') {
      if (event.accounts.length === 0) clearNamespace(kernel, namespace)
      else applyAccounts(kernel, namespace, event.accounts)
    } else if (event.type === 'chainChanged') {
      applyChain(kernel, namespace, event.chainId)
    } else if (event.type === 'disconnect') {
      clearNamespace(kernel, namespace)
    }
  })
  kernel.internal.connectorWatchers.set(namespace, unsubscribe)
}

/**
 * A disconnect, locally: clears account, network, connector id and social provider of a
 * namespace (plugins clear their own state on the `disconnect` event).
 */
export function clearNamespace(kernel: Kernel, namespace: ChainNamespace): void {
  const state = kernel.getState()
  const connectorId = state.connectorIds[namespace]
  kernel.internal.connectorWatchers.get(namespace)?.()
  kernel.internal.connectorWatchers.delete(namespace)
  const requested = kernel.networks(namespace)
  const preferred = state.accounts[namespace]?.preferredAccountTypes
  const activeNetwork = state.networks[namespace]?.caipNetwork
  const keep = isSupportedNetwork(kernel, activeNetwork) ? activeNetwork : requested[0]
  kernel.store.setState((draft) => {
    draft.accounts[namespace] = initialAccountState(preferred)
    draft.networks[namespace] = initialNetworkState(
      requested,
      keep,
      draft.networks[namespace]?.smartAccountEnabledNetworks,
    )
    draft.connectorIds[namespace] = undefined
    draft.status = overallStatus(draft.accounts)
    if (draft.activeNamespace === namespace) {
      const other = Object.keys(draft.accounts).find((ns) => draft.accounts[ns]?.status === 'connected')
      if (other) draft.activeNamespace = other
    }
  })
  const connected = (kernel.storage.get('connectedNamespaces') ?? []).filter((ns) => ns !== namespace)
  kernel.storage.set('connectedNamespaces', connected)
  const ids = { ...kernel.storage.get('connectedConnectorIds') }
  delete ids[namespace]
  kernel.storage.set('connectedConnectorIds', ids)
  kernel.bus.emit('account:changed', { namespace, address: undefined, caipAddress: undefined })
  kernel.bus.emit('disconnect', { namespace, connectorId })
  if (kernel.router.current()?.view === 'UnsupportedChain') kernel.router.close()
}

/**
 * A silent reconnect that did not confirm the account the page showed while it ran (one a
 * server rendered, see restoreInitialState): the namespace goes back to disconnected and
 * the page shows 'Connect'.
 */
export function dropUnconfirmedAccount(kernel: Kernel, namespace: ChainNamespace): void {
  const shown = kernel.getState().accounts[namespace]
  // Connected meanwhile (the visitor chose a wallet by hand): nothing to undo.
  if (shown?.status === 'connected') return
  if (!shown?.address) {
    setNamespaceStatus(kernel, namespace, 'disconnected')
    return
  }
  kernel.store.setState((draft) => {
    draft.accounts[namespace] = initialAccountState(shown.preferredAccountTypes)
    draft.status = overallStatus(draft.accounts)
  })
  kernel.bus.emit('account:changed', { namespace, address: undefined, caipAddress: undefined })
}
