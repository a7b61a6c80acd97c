/**
 * The frame's own storage: one IndexedDB object store on the frame's origin (partitioned by
 * the top site in Chromium, so each app that embeds the frame has its own). Values go
 * through structured clone, which keeps a non-extractable CryptoKey non-extractable: the
 * key's bytes never reach script, on this page or any other.
 */

/** The few calls the frame needs; tests pass a Map-backed one. */
export interface FrameStorage {
  get<T>(key: string): Promise<T | undefined>
  set(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<void>
}

const DATABASE = 'latchkit-frame'
const STORE = 'values'

/**
 * Opens (creating on first use) the frame's IndexedDB store.
 *
 * @example
 * const storage = await openFrameStorage()
 * await storage.set('deviceId', crypto.randomUUID())
 */
export async function openFrameStorage(indexedDb: IDBFactory = indexedDB): Promise<FrameStorage> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDb.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const run = <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode)
      const request = act(transaction.objectStore(STORE))
      transaction.oncomplete = () => resolve(request.result as T)
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  return {
    get: (key) => run('readonly', (store) => store.get(key)),
    set: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key))
    },
    delete: async (key) => {
      await run('readwrite', (store) => store.delete(key))
    },
  }
}

/**
 * Storage in memory with structured clone, as IndexedDB stores values: for node tests.
 *
 * @example const storage = memoryFrameStorage()
 */
export function memoryFrameStorage(): FrameStorage & { keys(): string[] } {
  const values = new Map<string, unknown>()
  return {
    get: async <T>(key: string) => (values.has(key) ? (structuredClone(values.get(key)) as T) : undefined),
    set: async (key, value) => {
      values.set(key, structuredClone(value))
    },
    delete: async (key) => {
      values.delete(key)
    },
    keys: () => [...values.keys()],
  }
}
