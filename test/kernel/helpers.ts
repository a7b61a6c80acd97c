import type { Account, Connector, ConnectorEvent, KernelOptions, Network } from 'latchkit'
import { createKernel } from 'latchkit'

export const ethereum: Network = {
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
export const base: Network = { ...ethereum, id: 8453, name: 'Base', caipNetworkId: 'eip155:8453' }
export const solanaMainnet: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}

/** An in-memory localStorage stand-in, shared across kernels to model a reload. */
export function memoryBackend() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

export interface FakeWallet extends Connector {
  emit(event: ConnectorEvent): void
  calls: string[]
  authorized: boolean
  reject: boolean
  chainId: number | string
  accounts: Account[]
}

/** A small scriptable connector: enough to drive the kernel's state machine. */
export function fakeWallet(overrides: Partial<Connector> & { address?: string } = {}): FakeWallet {
  const listeners = new Set<(event: ConnectorEvent) => void>()
  const wallet: FakeWallet = {
    id: 'fake',
    name: 'Fake Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    calls: [],
    authorized: false,
    reject: false,
    chainId: 1,
    accounts: [{ address: overrides.address ?? '0x1111111111111111111111111111111111111111', type: 'eoa' }],
    async connect() {
      wallet.calls.push('connect')
      if (wallet.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      wallet.authorized = true
      return { accounts: wallet.accounts, chainId: wallet.chainId }
    },
    async disconnect() {
      wallet.calls.push('disconnect')
      wallet.authorized = false
    },
    getProvider: () => ({}),
    async getAuthorized() {
      wallet.calls.push('getAuthorized')
      return wallet.authorized ? { accounts: wallet.accounts, chainId: wallet.chainId } : undefined
    },
    async switchNetwork(network) {
      wallet.calls.push(`switch:${network.id}`)
      wallet.chainId = network.id
      wallet.emit({ type: 'chainChanged', chainId: network.id })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(event) {
      for (const listener of listeners) listener(event)
    },
    ...overrides,
  } as FakeWallet
  return wallet
}

export function testKernel(options: Partial<KernelOptions> = {}) {
  return createKernel({ networks: [ethereum, base], storage: null, ...options })
}
