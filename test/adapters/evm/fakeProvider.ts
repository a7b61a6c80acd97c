/**
 * A small scriptable EIP-1193 provider for unit tests: answers from a handler table,
 * records every request, and emits events to the listeners the connector registers.
 */
import type { Eip1193Provider, Eip1193RequestArguments } from 'latchkit/adapters/evm'

type Handler = (params: readonly unknown[]) => unknown

export interface FakeProvider extends Eip1193Provider {
  /** Every request, in order. */
  calls: Eip1193RequestArguments[]
  /** Method names of `calls`. */
  methods(): string[]
  handlers: Record<string, Handler>
  emit(event: string, ...args: unknown[]): void
  listenerCount(event?: string): number
}

/** An error shaped like a wallet's: `{ code, message }`. */
export function providerError(code: number, message = `error ${code}`, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data !== undefined ? { data } : {}) })
}

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const OTHER_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * @example
 * const provider = fakeProvider({ eth_chainId: () => '0x1' })
 */
export function fakeProvider(handlers: Record<string, Handler> = {}): FakeProvider {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const provider: FakeProvider = {
    calls: [],
    handlers: {
      eth_requestAccounts: () => [ACCOUNT.toLowerCase()],
      eth_accounts: () => [ACCOUNT.toLowerCase()],
      eth_chainId: () => '0x1',
      ...handlers,
    },
    methods: () => provider.calls.map((call) => call.method),
    async request(args) {
      provider.calls.push(args)
      const handler = provider.handlers[args.method]
      if (!handler) throw providerError(4200, `unsupported: ${args.method}`)
      return handler((args.params ?? []) as readonly unknown[])
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
    },
    listenerCount(event) {
      if (event) return listeners.get(event)?.size ?? 0
      return [...listeners.values()].reduce((sum, set) => sum + set.size, 0)
    },
  }
  return provider
}
