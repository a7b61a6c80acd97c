/**
 * Typed, schema-checked persistence. Every key has a zod schema;
 * what is read is parsed, what is written is validated first. A corrupt or invalid stored
 * value is removed and logged, and costs nothing else; a backend that throws (quota,
 * privacy mode, blocked storage) never throws out of here.
 */
import * as z from 'zod/mini'
import { isCaipNetworkId } from './caip'
import { ConfigError, messages } from './errors'
import type { Logger } from './logger'
import type { AccountType, CaipNetworkId } from './types'

/** The subset of the Web Storage API a backend needs. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A named key and the schema its value must satisfy. */
export interface StorageKey<T> {
  readonly name: string
  readonly schema: z.core.$ZodType<T>
}

/** How many recent wallets are kept. */
export const RECENT_WALLETS_LIMIT = 2

const accountTypes = [
  'eoa',
  'smartAccount',
  'payment',
  'ordinal',
  'stx',
] as const satisfies readonly AccountType[]

const recentWalletSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  imageUrl: z.optional(z.string()),
  rdns: z.optional(z.string()),
  chain: z.string(),
})

/** A wallet remembered for the Connect view's "recent" group. */
export type RecentWallet = z.output<typeof recentWalletSchema>

function key<T>(name: string, schema: z.core.$ZodType<T>): StorageKey<T> {
  return { name, schema }
}

/** The kernel's own keys (the widget's state plus the silent-reconnect bookkeeping). */
export const storageKeys = Object.freeze({
  /** Most recent first, deduplicated by id, at most 2. */
  recentWallets: key('recentWallets', z.array(recentWalletSchema).check(z.maxLength(RECENT_WALLETS_LIMIT))),
  lastUsedChain: key(
    'lastUsedChain',
    z.custom<CaipNetworkId>((value) => isCaipNetworkId(value)),
  ),
  /** Chain namespace -> account type. */
  preferredAccountTypes: key('preferredAccountTypes', z.record(z.string(), z.enum(accountTypes))),
  smartAccountEnabledNetworks: key('smartAccountEnabledNetworks', z.array(z.number())),
  /** Chain namespace -> connector id, for silent reconnect. */
  connectedConnectorIds: key('connectedConnectorIds', z.record(z.string(), z.string())),
  connectedNamespaces: key('connectedNamespaces', z.array(z.string())),
})

export type StorageKeyName = keyof typeof storageKeys
/** The value type of each built-in key. */
export type StorageValues = {
  [N in StorageKeyName]: (typeof storageKeys)[N] extends StorageKey<infer T> ? T : never
}

/**
 * Defines an extra typed key, for a plugin. Prefix the name with the plugin id; the
 * kernel's own names are reserved.
 *
 * @example
 * const lastOtpEmail = defineStorageKey('email:lastAddress', z.string())
 * storage.set(lastOtpEmail, 'me@example.com')
 * storage.get(lastOtpEmail) // 'me@example.com'
 */
export function defineStorageKey<T>(name: string, schema: z.core.$ZodType<T>): StorageKey<T> {
  if (name === '' || Object.hasOwn(storageKeys, name)) {
    throw new ConfigError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `Storage key "${name}" is ${name === '' ? 'empty' : 'reserved by the kernel'}: use a name prefixed with your plugin id, e.g. "myplugin:${name || 'state'}"`,
    })
  }
  return key(name, schema)
}

export interface LatchStorage {
  readonly prefix: string
  /** The parsed value, or `undefined` when absent, unreadable or invalid (then removed). */
  get<N extends StorageKeyName>(key: N): StorageValues[N] | undefined
  get<T>(key: StorageKey<T>): T | undefined
  /** Validates then writes; `false` (and a warning) when invalid or the backend refused. */
  set<N extends StorageKeyName>(key: N, value: StorageValues[N]): boolean
  set<T>(key: StorageKey<T>, value: T): boolean
  remove(key: StorageKeyName | StorageKey<unknown>): void
  /** {@link addRecentWallet} on this storage. */
  addRecentWallet(wallet: RecentWallet): RecentWallet[]
}

/** The kernel's name for {@link LatchStorage}. */
export type Storage = LatchStorage

export interface StorageOptions {
  /**
   * Defaults to `globalThis.localStorage` when present and writable, else memory;
   * `null` asks for memory explicitly.
   */
  backend?: StorageBackend | null
  prefix?: string
  logger?: Pick<Logger, 'warn'>
}

/**
 * A backend in a Map: the fallback when localStorage is missing (SSR, tests) or blocked.
 *
 * @example
 * const storage = createStorage({ backend: createMemoryBackend() })
 */
export function createMemoryBackend(): StorageBackend {
  const items = new Map<string, string>()
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, value) => {
      items.set(k, String(value))
    },
    removeItem: (k) => {
      items.delete(k)
    },
  }
}

function detectBackend(prefix: string): StorageBackend {
  try {
    // Reading the property itself throws in sandboxed frames and with storage blocked.
    const candidate = (globalThis as { localStorage?: StorageBackend }).localStorage
    if (candidate) {
      const probe = `${prefix}:__probe__`
      candidate.setItem(probe, '1')
      candidate.removeItem(probe)
      return candidate
    }
  } catch {
    // Fall through to memory.
  }
  return createMemoryBackend()
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Creates the typed storage. Values are JSON under `${prefix}:${name}`.
 *
 * @example
 * const storage = createStorage({ logger })
 * storage.set('lastUsedChain', 'eip155:1')
 * storage.get('lastUsedChain') // 'eip155:1'
 */
export function createStorage({ backend, prefix = 'latchkit', logger }: StorageOptions = {}): LatchStorage {
  const store = backend === null ? createMemoryBackend() : (backend ?? detectBackend(prefix))
  const resolve = (k: StorageKeyName | StorageKey<unknown>): StorageKey<unknown> =>
    typeof k === 'string' ? (storageKeys[k] as StorageKey<unknown>) : k
  const fullName = (k: StorageKey<unknown>) => `${prefix}:${k.name}`

  function drop(storageKey: string, reason: string, issues?: unknown): void {
    logger?.warn(`Removed an invalid stored value (${reason})`, {
      key: storageKey,
      ...(issues ? { issues } : {}),
    })
    try {
      store.removeItem(storageKey)
    } catch {
      // Nothing more to do: the next read will try again.
    }
  }

  function get(k: StorageKeyName | StorageKey<unknown>): unknown {
    const definition = resolve(k)
    const storageKey = fullName(definition)
    let raw: string | null
    try {
      raw = store.getItem(storageKey)
    } catch (error) {
      logger?.warn('Could not read storage', { key: storageKey, error: describeError(error) })
      return undefined
    }
    if (raw === null || raw === undefined) return undefined
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      drop(storageKey, 'corrupt JSON')
      return undefined
    }
    const result = z.safeParse(definition.schema, parsed)
    if (!result.success) {
      drop(
        storageKey,
        'schema mismatch',
        result.error.issues.map((i) => ({ path: i.path, code: i.code })),
      )
      return undefined
    }
    return result.data
  }

  function set(k: StorageKeyName | StorageKey<unknown>, value: unknown): boolean {
    const definition = resolve(k)
    const storageKey = fullName(definition)
    const result = z.safeParse(definition.schema, value)
    if (!result.success) {
      logger?.warn('Refused to store an invalid value', {
        key: storageKey,
        issues: result.error.issues.map((i) => ({ path: i.path, code: i.code })),
      })
      return false
    }
    try {
      store.setItem(storageKey, JSON.stringify(result.data))
      return true
    } catch (error) {
      logger?.warn('Could not write storage', { key: storageKey, error: describeError(error) })
      return false
    }
  }

  function remove(k: StorageKeyName | StorageKey<unknown>): void {
    const storageKey = fullName(resolve(k))
    try {
      store.removeItem(storageKey)
    } catch (error) {
      logger?.warn('Could not remove from storage', { key: storageKey, error: describeError(error) })
    }
  }

  const storage = {
    prefix,
    get,
    set,
    remove,
    addRecentWallet: (wallet: RecentWallet) => addRecentWallet(storage, wallet),
  } as LatchStorage
  return storage
}

/**
 * Puts `wallet` first in the recent wallets, dropping an older entry with the same id and
 * keeping at most {@link RECENT_WALLETS_LIMIT}. Returns the list now stored.
 *
 * @example
 * addRecentWallet(storage, { id: 'io.metamask', name: 'MetaMask', chain: 'eip155' })
 */
export function addRecentWallet(storage: LatchStorage, wallet: RecentWallet): RecentWallet[] {
  const current = storage.get('recentWallets') ?? []
  const next = [wallet, ...current.filter((item) => item.id !== wallet.id)].slice(0, RECENT_WALLETS_LIMIT)
  return storage.set('recentWallets', next) ? next : current
}
