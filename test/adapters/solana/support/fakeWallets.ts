/**
 * Test doubles for the Wallet Standard: a registry with get/on like `getWallets()`, and a
 * minimal wallet whose fields a test can spoil.
 */
import type { StandardWallet, StandardWallets } from 'latchkit/adapters/solana'

export const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

/** A registry whose wallets a test registers and unregisters by hand. */
export function fakeRegistry(initial: readonly object[] = []) {
  const wallets = new Set<StandardWallet>(initial as StandardWallet[])
  const listeners = {
    register: new Set<(...w: StandardWallet[]) => void>(),
    unregister: new Set<(...w: StandardWallet[]) => void>(),
  }
  const registry: StandardWallets & {
    register(wallet: object): () => void
    listenerCount(): number
  } = {
    get: () => [...wallets],
    on(event, listener) {
      listeners[event].add(listener)
      return () => listeners[event].delete(listener)
    },
    register(wallet) {
      wallets.add(wallet as StandardWallet)
      for (const listener of listeners.register) listener(wallet as StandardWallet)
      return () => {
        wallets.delete(wallet as StandardWallet)
        for (const listener of listeners.unregister) listener(wallet as StandardWallet)
      }
    },
    listenerCount: () => listeners.register.size + listeners.unregister.size,
  }
  return registry
}

/** A Solana wallet with `standard:connect` that answers with no accounts. */
export function fakeWallet(overrides: Record<string, unknown> = {}): StandardWallet {
  return {
    version: '1.0.0',
    name: 'Fake Solana',
    icon: ICON,
    chains: ['solana:mainnet', 'solana:devnet'],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
    },
    ...overrides,
  } as StandardWallet
}
