import mitt, { type Emitter } from 'mitt'
import type { LatchError } from './errors'
import type { CaipAddress, CaipNetworkId, ChainNamespace, TransactionSummary } from './types'

/**
 * Notifications the kernel sends. Plugins add their own by declaration merging:
 *
 * @example
 * declare module 'latchkit' {
 *   interface KernelEvents { 'send:done': { hash: string } }
 * }
 */
export interface KernelEvents {
  'modal:open': { view: string }
  'modal:close': { view: string | undefined }
  'view:change': { view: string; action: 'push' | 'replace' | 'reset' | 'back' }
  'connect:start': { connectorId: string; namespace: ChainNamespace }
  'connect:success': {
    connectorId: string
    namespace: ChainNamespace
    address: string
    caipAddress: CaipAddress
  }
  'connect:error': { connectorId: string; namespace: ChainNamespace; error: LatchError }
  'account:changed': {
    namespace: ChainNamespace
    address: string | undefined
    caipAddress: CaipAddress | undefined
  }
  'network:changed': { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; supported: boolean }
  /** The silent reconnect is over; `restored` lists the namespaces it brought back. */
  'reconnect:end': { restored: ChainNamespace[] }
  disconnect: { namespace: ChainNamespace; connectorId: string | undefined }
  /** The wallet accepted a transaction; `summary` when the sender described it. */
  'tx:sent': {
    namespace: ChainNamespace
    caipNetworkId: CaipNetworkId
    hash: string
    from: string
    to: string
    summary?: TransactionSummary
  }
  error: { error: LatchError; source: string }
}

type Events = KernelEvents & Record<string, unknown>
type Handler<T> = (payload: T) => void

/** A typed event bus on which a throwing handler never stops the others. */
export interface Bus {
  on<K extends keyof Events>(type: K, handler: Handler<Events[K]>): () => void
  off<K extends keyof Events>(type: K, handler: Handler<Events[K]>): void
  emit<K extends keyof Events>(type: K, payload: Events[K]): void
  /** Every event: for analytics and debugging. */
  onAny(handler: (type: string, payload: unknown) => void): () => void
  clear(): void
}

/**
 * Creates a bus on mitt. `onHandlerError` hears every handler that threw.
 *
 * @example
 * const bus = createBus()
 * const stop = bus.on('modal:open', ({ view }) => console.log(view))
 */
export function createBus(onHandlerError: (error: unknown, type: string) => void = () => {}): Bus {
  const emitter: Emitter<Record<string, unknown>> = mitt()
  // The wrapped handler is what mitt holds; the map lets `off` find it from the original.
  const wrapped = new Map<string, Map<Function, Handler<unknown>>>()

  const guard =
    (type: string, handler: Function): Handler<unknown> =>
    (payload) => {
      try {
        handler(payload)
      } catch (error) {
        onHandlerError(error, type)
      }
    }

  const bus: Bus = {
    on(type, handler) {
      const key = String(type)
      let byType = wrapped.get(key)
      if (!byType) {
        byType = new Map()
        wrapped.set(key, byType)
      }
      if (!byType.has(handler)) {
        const safe = guard(key, handler)
        byType.set(handler, safe)
        emitter.on(key, safe)
      }
      return () => bus.off(type, handler)
    },
    off(type, handler) {
      const key = String(type)
      const safe = wrapped.get(key)?.get(handler)
      if (!safe) return
      emitter.off(key, safe)
      wrapped.get(key)?.delete(handler)
    },
    emit(type, payload) {
      emitter.emit(String(type), payload)
    },
    onAny(handler) {
      const safe = (type: string, payload: unknown) => {
        try {
          handler(type, payload)
        } catch (error) {
          onHandlerError(error, type)
        }
      }
      const star = safe as unknown as Handler<unknown>
      emitter.on('*', star as never)
      return () => emitter.off('*', star as never)
    },
    clear() {
      emitter.all.clear()
      wrapped.clear()
    },
  }
  return bus
}
