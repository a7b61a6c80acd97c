import { createTtlCache, type TtlCache } from 'latchkit/internal'
import type { NameProfile } from './ensSchemas'
import type { Identity } from './state'

/** How long a name profile is kept: 5 minutes. */
const ENS_TTL_MS = 5 * 60_000
/** How long an address's identity (primary name and avatar) is kept: 5 minutes. */
const IDENTITY_TTL_MS = 5 * 60_000

/**
 * What one kernel's names plugin keeps: identities 5 minutes (IDENTITY_TTL_MS), name
 * profiles 5 minutes (ENS_TTL_MS), each at most 8192 entries (the oldest go first).
 * Promises are kept, so callers asking at once share one request.
 */
export interface EnsCaches {
  /** By {@link identityKey}. */
  identities: TtlCache<string, Promise<Identity>>
  /** By name in lower case; undefined for a name the API does not know. */
  profiles: TtlCache<string, Promise<NameProfile | undefined>>
}

/**
 * Fresh caches for one kernel (nothing is kept at module level). `now` is the clock, for tests.
 *
 * @example
 * const caches = createEnsCaches()
 */
export function createEnsCaches(now?: () => number): EnsCaches {
  return {
    identities: createTtlCache({ ttlMs: IDENTITY_TTL_MS, now }),
    profiles: createTtlCache({ ttlMs: ENS_TTL_MS, now }),
  }
}

/**
 * An identity's key: the address in lower case on one network (a primary name is set per chain).
 *
 * @example
 * identityKey('0xAbC…', 'eip155:1') // 'eip155:1 0xabc…'
 */
export function identityKey(address: string, caipNetworkId: string): string {
  return `${caipNetworkId} ${address.toLowerCase()}`
}

/**
 * The kept answer for `key`, or `load()`'s, kept from now on. A failure is not kept: the
 * next caller asks again.
 *
 * @example
 * const identity = await kept(caches.identities, key, () => fetchIdentity(kernel, address, chainId))
 */
export function kept<V>(
  cache: TtlCache<string, Promise<V>>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const hit = cache.get(key)
  if (hit) return hit
  const promise = load()
  cache.set(key, promise)
  promise.catch(() => {
    if (cache.get(key) === promise) cache.delete(key)
  })
  return promise
}
