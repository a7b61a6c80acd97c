/**
 * A keyed list that tells subscribers when it changes. The connector, adapter and view
 * registries are all this one idea; React reads `list()` with useSyncExternalStore, so
 * the array identity changes only when the contents do.
 */
export interface Registry<T> {
  /** Adds `item`; returns a function that removes it again. */
  add(key: string, item: T): () => void
  remove(key: string): void
  get(key: string): T | undefined
  has(key: string): boolean
  list(): readonly T[]
  /** Resolves with the item once it is added, or undefined after `timeoutMs`. */
  waitFor(key: string, timeoutMs: number): Promise<T | undefined>
  subscribe(listener: () => void): () => void
  clear(): void
}

/**
 * @example
 * const views = createRegistry<ViewDefinition>()
 * const remove = views.add('Connect', { id: 'Connect', load })
 */
export function createRegistry<T>(): Registry<T> {
  const items = new Map<string, T>()
  const listeners = new Set<() => void>()
  let snapshot: readonly T[] = []

  const changed = () => {
    snapshot = [...items.values()]
    for (const listener of [...listeners]) listener()
  }

  const registry: Registry<T> = {
    add(key, item) {
      items.set(key, item)
      changed()
      return () => {
        if (items.get(key) === item) registry.remove(key)
      }
    },
    remove(key) {
      if (items.delete(key)) changed()
    },
    get: (key) => items.get(key),
    has: (key) => items.has(key),
    list: () => snapshot,
    waitFor(key, timeoutMs) {
      const present = items.get(key)
      if (present !== undefined) return Promise.resolve(present)
      return new Promise((resolve) => {
        const stop = registry.subscribe(() => {
          const item = items.get(key)
          if (item === undefined) return
          clearTimeout(timer)
          stop()
          resolve(item)
        })
        const timer = setTimeout(() => {
          stop()
          resolve(undefined)
        }, timeoutMs)
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear() {
      items.clear()
      changed()
      listeners.clear()
    },
  }
  return registry
}
