/**
 * A tiny EIP-1193 wallet over anvil's JSON-RPC, for the integration test: anvil's dev
 * accounts are unlocked, so anvil itself signs and sends. Account requests answer with
 * anvil's accounts; switching changes which anvil URL requests go to and emits
 * `chainChanged`, as a browser wallet does.
 */
import type { Eip1193Provider } from 'latchkit/adapters/evm'
import { numberToHex } from 'viem'

export interface AnvilChain {
  chainId: number
  rpcUrl: string
}

export interface AnvilProvider extends Eip1193Provider {
  /** The chain requests currently go to. */
  current(): AnvilChain
  /** Every method asked, in order. */
  methods: string[]
}

async function forward(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const body = (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
  if (body.error) throw Object.assign(new Error(body.error.message), body.error)
  return body.result
}

/**
 * @example
 * const provider = anvilProvider(stack.chains)
 * await provider.request({ method: 'eth_requestAccounts' })
 */
export function anvilProvider(chains: readonly AnvilChain[]): AnvilProvider {
  if (chains.length === 0) throw new Error('anvilProvider needs at least one chain')
  let current = chains[0] as AnvilChain
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const provider: AnvilProvider = {
    methods: [],
    current: () => current,
    async request({ method, params }) {
      provider.methods.push(method)
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return forward(current.rpcUrl, 'eth_accounts', [])
        case 'eth_chainId':
          return numberToHex(current.chainId)
        case 'wallet_switchEthereumChain': {
          const wanted = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
          const next = chains.find((chain) => chain.chainId === wanted)
          if (!next) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
          if (next !== current) {
            current = next
            emit('chainChanged', numberToHex(next.chainId))
          }
          return null
        }
        case 'wallet_revokePermissions':
          return null
        default:
          return forward(current.rpcUrl, method, params)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  return provider
}
