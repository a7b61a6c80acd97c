import { type Kernel, withProviderRpcErrors } from 'latchkit'
import { toRpcError } from 'latchkit/internal'
import { sessionAccounts, sessionNamespaces } from './namespaces'
import type { SessionManager } from './sessionManager'

type Listener = (...args: unknown[]) => void

/** Methods the wallet answers; everything else is a read the app's own RPC answers. */
const WALLET_METHODS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
])

export interface EvmSessionProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  /** The chain the provider speaks for (the session's chain the app is on). */
  chainId(): number | undefined
  /** Points the provider at another approved chain and tells listeners. */
  setChain(chainId: number): void
  /** Tells listeners about an event of the session. */
  emit(event: string, ...args: unknown[]): void
}

/**
 * An EIP-1193 provider over the WalletConnect session for EVM: signing, sending and
 * wallet methods go to the wallet on the active chain; reads (balances, gas, receipts) go
 * straight to the configured network's RPC URL, so nothing is asked of a default RPC and
 * the phone is not woken for a read. Switching to a chain the session approved is local,
 * as the wallet already agreed to it; any other chain is asked of the wallet.
 * `request()` rejects with EIP-1193 errors (numeric `code`; the Latchkit error in
 * `cause`), 4900 once the session has ended.
 *
 * @example
 * const provider = evmSessionProvider(kernel, sessions)
 * await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export function evmSessionProvider(kernel: Kernel, sessions: SessionManager): EvmSessionProvider {
  const listeners = new Map<string, Set<Listener>>()
  let chain: number | undefined

  const granted = () => {
    const session = sessions.session()
    if (!session) return undefined
    const namespaces = sessionNamespaces(session)
    const active =
      chain !== undefined ? `eip155:${chain}` : kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId
    return sessionAccounts(namespaces, 'eip155', active)
  }
  const approvedChains = (): number[] => {
    const namespace = sessionNamespaces(sessions.session()).eip155
    const ids = [
      ...(namespace?.chains ?? []),
      ...(namespace?.accounts ?? []).map((a) => a.split(':').slice(0, 2).join(':')),
    ]
    return [...new Set(ids.map((id) => Number(id.split(':')[1])))]
  }
  /** A wallet method the session did not approve is refused here (4200), not sent to fail in the SDK. */
  const askWallet = (method: string, params: unknown) => {
    const namespace = sessionNamespaces(sessions.session()).eip155
    if (namespace && !namespace.methods.includes(method)) {
      throw toRpcError({ code: 4200, message: `The wallet did not approve ${method} for this session` })
    }
    return sessions.request(`eip155:${activeChain()}`, { method, params })
  }
  const activeChain = (): number => {
    if (chain === undefined) chain = Number(granted()?.chain.split(':')[1])
    return chain
  }

  const readFromRpc = async (method: string, params: unknown): Promise<unknown> => {
    const network = kernel.networks('eip155').find((n) => Number(n.id) === activeChain())
    const url = network?.rpcUrls.default.http[0]
    if (!url) throw toRpcError({ code: 4901, message: `No RPC URL configured for chain ${activeChain()}` })
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      })
    } catch (error) {
      // The chain's RPC is not there at all: the provider is not connected to that chain.
      throw toRpcError({
        code: 4901,
        message: `The RPC of chain ${activeChain()} did not answer`,
        cause: error,
      })
    }
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw toRpcError(body.error)
    return body.result
  }

  const provider: EvmSessionProvider = withProviderRpcErrors<EvmSessionProvider>({
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return (granted()?.accounts ?? []).map((account) => account.address)
      }
      if (!sessions.session()) throw toRpcError({ code: 4900, message: 'No WalletConnect session' })
      switch (method) {
        case 'eth_chainId':
          return `0x${activeChain().toString(16)}`
        case 'wallet_switchEthereumChain': {
          const target = Number.parseInt(
            String((params as [{ chainId?: string }] | undefined)?.[0]?.chainId),
            16,
          )
          if (!Number.isSafeInteger(target) || target <= 0) {
            throw toRpcError({ code: -32602, message: 'wallet_switchEthereumChain needs a hex chainId' })
          }
          if (approvedChains().includes(target)) {
            provider.setChain(target)
            return null
          }
          const result = await askWallet(method, params)
          provider.setChain(target)
          return result
        }
      }
      if (WALLET_METHODS.has(method)) return askWallet(method, params)
      return readFromRpc(method, params)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    chainId: () => (sessions.session() ? activeChain() : undefined),
    setChain(chainId) {
      if (chain === chainId) return
      chain = chainId
      provider.emit('chainChanged', `0x${chainId.toString(16)}`)
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
    },
  })
  sessions.subscribe(({ namespace, event }) => {
    if (namespace !== 'eip155') return
    if (event.type === 'disconnect') chain = undefined
    if (event.type === 'chainChanged' && typeof event.chainId === 'number') chain = event.chainId
  })
  return provider
}
