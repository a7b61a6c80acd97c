/**
 * The EIP-1193 event surface (`on` / `removeListener`) of the dev wallet's provider. A
 * listener that throws is reported and does not stop the others, as in real wallets where
 * one dApp handler cannot break another.
 */

/** The events EIP-1193 defines and the dev wallet emits. */
export type ProviderEventName = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'

type Listener = (...args: unknown[]) => void

export interface ProviderEvents {
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  emit(event: ProviderEventName, payload: unknown): void
  /** Drops every listener (the wallet was uninstalled). */
  clear(): void
}

/**
 * @example
 * const events = createProviderEvents()
 * events.on('chainChanged', (chainId) => console.log(chainId))
 * events.emit('chainChanged', '0x7a69')
 */
export function createProviderEvents(): ProviderEvents {
  const listeners = new Map<string, Set<Listener>>()
  return {
    on(event, listener) {
      if (typeof listener !== 'function') return
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload)
        } catch (error) {
          console.error(`[dev wallet] a "${event}" listener threw`, error)
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}
