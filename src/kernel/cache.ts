/**
 * Bounded TTL caches and the failure gate (no retry within 30 s of a failure). Each is
 * created by a factory and owned by whoever created it: nothing is cached at module level.
 */

/** How long balances are kept: 30 s. (The names plugin keeps its own lifetimes.) */
export const PORTFOLIO_TTL_MS = 30_000
export const NATIVE_BALANCE_TTL_MS = 30_000
/** The most entries one cache holds; the oldest go first. */
export const CACHE_MAX_ENTRIES = 8192
/** A failed token balance read is not retried within 30 s. */
export const TOKEN_BALANCE_RETRY_MS = 30_000

export interface TtlCacheOptions {
  ttlMs: number
  maxEntries?: number
  now?: () => number
}

export interface TtlCache<K, V> {
  /** The value, or `undefined` when missing or expired. */
  get(key: K): V | undefined
  has(key: K): boolean
  /** Stores `value` for `ttlMs` (default: the cache's); the oldest entry goes past maxEntries. */
  set(key: K, value: V, ttlMs?: number): void
  delete(key: K): boolean
  clear(): void
  /** Live (unexpired) entries. */
  size(): number
}

/**
 * A map whose entries expire after `ttlMs` and that holds at most `maxEntries`, evicting
 * the oldest write first. Expired entries are invisible and dropped when met.
 *
 * @example
 * const identities = createTtlCache<string, Identity>({ ttlMs: 5 * 60_000 })
 * identities.set(address, identity)
 * identities.get(address) // identity, for 5 minutes
 */
export function createTtlCache<K, V>({
  ttlMs,
  maxEntries = CACHE_MAX_ENTRIES,
  now = Date.now,
}: TtlCacheOptions): TtlCache<K, V> {
  // Map keeps insertion order, and set() re-inserts, so the first key is the oldest write.
  const entries = new Map<K, { value: V; expiresAt: number }>()

  function live(key: K): { value: V } | undefined {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  return {
    get: (key) => live(key)?.value,
    has: (key) => live(key) !== undefined,
    set(key, value, entryTtlMs = ttlMs) {
      entries.delete(key)
      entries.set(key, { value, expiresAt: now() + entryTtlMs })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
    },
    delete: (key) => entries.delete(key),
    clear: () => entries.clear(),
    size() {
      const time = now()
      for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key)
      return entries.size
    },
  }
}

export interface FailureGateOptions {
  windowMs?: number
  maxEntries?: number
  now?: () => number
}

export interface FailureGate<K = string> {
  /** False while `key` failed less than `windowMs` ago. */
  shouldTry(key: K): boolean
  recordFailure(key: K): void
  recordSuccess(key: K): void
}

/**
 * Remembers failures so a key is not retried within `windowMs` of its last failure
 * (the token balances use it: not retried within 30 s).
 *
 * @example
 * const gate = createFailureGate()
 * if (gate.shouldTry(caipAddress)) {
 *   try { await loadBalances(); gate.recordSuccess(caipAddress) }
 *   catch { gate.recordFailure(caipAddress) }
 * }
 */
export function createFailureGate<K = string>({
  windowMs = TOKEN_BALANCE_RETRY_MS,
  maxEntries = CACHE_MAX_ENTRIES,
  now = Date.now,
}: FailureGateOptions = {}): FailureGate<K> {
  const failures = createTtlCache<K, true>({ ttlMs: windowMs, maxEntries, now })
  return {
    shouldTry: (key) => !failures.has(key),
    recordFailure: (key) => failures.set(key, true),
    recordSuccess: (key) => {
      failures.delete(key)
    },
  }
}
