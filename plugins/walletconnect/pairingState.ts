import type { RegistryWallet } from 'latchkit'

/**
 * Where a pairing attempt stands, as the ConnectingWalletConnect view shows it:
 * - loading: the SDK is loading or the relay is making the pairing;
 * - pairing: `uri` is ready to scan or open, until `expiresAt` (ms since epoch);
 * - declined: the wallet rejected the proposal;
 * - expired: no wallet answered before the last pairing code ran out;
 * - failed: the relay or the SDK failed (`error` says how);
 * - connected: a wallet approved.
 */
export type PairingStatus = 'idle' | 'loading' | 'pairing' | 'declined' | 'expired' | 'failed' | 'connected'

export interface PairingState {
  status: PairingStatus
  uri?: string
  expiresAt?: number
  error?: unknown
  /** The registry wallet the visitor picked, for its name, image and deep links. */
  wallet?: RegistryWallet
}

/** A value with subscribers, for React's useSyncExternalStore. */
export interface Observable<T> {
  get(): T
  set(value: T): void
  subscribe(listener: () => void): () => void
}

/**
 * @example
 * const pairing = observable<PairingState>({ status: 'idle' })
 */
export function observable<T>(initial: T): Observable<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      value = next
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
