import type { SessionTypes } from '@walletconnect/types'
import type { ChainNamespace, ConnectorEvent, Kernel, RegistryWallet } from 'latchkit'
import { defineStorageKey } from 'latchkit/internal'
import * as z from 'zod/mini'
import type { WalletConnectClient } from './createSignClient'
import { pairingExpiredError, reconnectingError, walletConnectError } from './messages'
import { optionalNamespaces, sessionAccounts, sessionNamespaces } from './namespaces'
import { type Observable, observable, type PairingState } from './pairingState'

/** The topic of the session to restore after a reload; without it the SDK is never loaded at start-up. */
const sessionTopicKey = defineStorageKey('walletConnect:session', z.string().check(z.regex(/^[0-9a-f]{64}$/)))

/** A new pairing code is made this long before the current one expires. */
const REFRESH_LEAD_MS = 30_000
/** Codes made per attempt before it ends as expired (5 minutes each). */
const MAX_CODES = 3
/** A pairing code lives this long when its URI does not say. */
const DEFAULT_CODE_MS = 5 * 60_000

export interface SessionEvent {
  namespace: ChainNamespace
  event: ConnectorEvent
}

interface Attempt {
  uri?: string
  codes: number
  timer?: ReturnType<typeof setTimeout>
  wallet?: RegistryWallet
  settle(result: { session?: SessionTypes.Struct; error?: unknown }): void
  promise: Promise<SessionTypes.Struct>
}

/**
 * One WalletConnect session for the kernel, shared by the connectors of every chain
 * family: the SDK client (made on first need), the pairing attempt the view shows, the
 * session's restore after a reload, its requests and the wallet's events.
 */
export interface SessionManager {
  pairing: Observable<PairingState>
  /** The approved session, if any. */
  session(): SessionTypes.Struct | undefined
  /** Starts a new pairing attempt (dropping an unsettled one); resolves when a wallet approves. */
  pair(wallet?: RegistryWallet): Promise<SessionTypes.Struct>
  /** The session, or the current attempt's, or a new attempt's. */
  sessionOrPairing(): Promise<SessionTypes.Struct>
  /** Restores the stored session without a prompt; undefined when there is none. */
  restore(): Promise<SessionTypes.Struct | undefined>
  /** Ends the session at the relay and forgets it. */
  end(): Promise<void>
  /** Sends a request to the wallet on `chainId` (CAIP-2). */
  request(chainId: string, request: { method: string; params?: unknown }): Promise<unknown>
  /** The wallet's events, per chain family. */
  subscribe(listener: (event: SessionEvent) => void): () => void
  /** Stops timers; the SDK client stays for the page's life. */
  dispose(): void
}

/** The expiry a pairing URI carries (`expiryTimestamp`, seconds), in ms. */
function expiryOf(uri: string, now: number): number {
  const seconds = Number(new URLSearchParams(uri.split('?')[1] ?? '').get('expiryTimestamp'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : now + DEFAULT_CODE_MS
}

/**
 * @example
 * const sessions = createSessionManager(kernel, () => createSignClient(settings))
 * const session = await sessions.pair()
 */
export function createSessionManager(
  kernel: Kernel,
  load: () => Promise<WalletConnectClient>,
): SessionManager {
  const pairing = observable<PairingState>({ status: 'idle' })
  const listeners = new Set<(event: SessionEvent) => void>()
  let clientPromise: Promise<WalletConnectClient> | undefined
  let current: SessionTypes.Struct | undefined
  let attempt: Attempt | undefined
  let restoring: Promise<SessionTypes.Struct | undefined> | undefined

  const emit = (event: SessionEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        kernel.logger.warn('walletConnect event listener failed', error)
      }
    }
  }

  const ended = (topic: string) => {
    if (current?.topic !== topic) return
    const families = Object.keys(sessionNamespaces(current)) as ChainNamespace[]
    current = undefined
    kernel.storage.remove(sessionTopicKey)
    for (const namespace of families) emit({ namespace, event: { type: 'disconnect' } })
  }

  const adopt = (session: SessionTypes.Struct) => {
    current = session
    kernel.storage.set(sessionTopicKey, session.topic)
  }

  const listen = (client: WalletConnectClient) => {
    client.on('session_event', ({ topic, params }) => {
      if (topic !== current?.topic) return
      const namespace = params.chainId.split(':')[0] as ChainNamespace
      const { name, data } = params.event as { name: string; data: unknown }
      if (name === 'chainChanged') {
        const chainId = typeof data === 'string' && data.startsWith('0x') ? Number.parseInt(data, 16) : data
        if (typeof chainId === 'number' || typeof chainId === 'string') {
          emit({ namespace, event: { type: 'chainChanged', chainId } })
        }
      } else if (name === 'accountsChanged' && Array.isArray(data)) {
        // Wallets send CAIP-10 ids or plain addresses; either way the first is active.
        const addresses = data
          .filter((item): item is string => typeof item === 'string')
          .map((item) => item.split(':').pop() as string)
        emit({
          namespace,
          event: {
            type: 'accountsChanged',
            accounts: addresses.map((address) => ({ address, type: 'eoa' })),
          },
        })
      }
    })
    client.on('session_update', ({ topic, params }) => {
      if (topic !== current?.topic) return
      current = { ...current, namespaces: params.namespaces }
      for (const namespace of Object.keys(params.namespaces) as ChainNamespace[]) {
        const granted = sessionAccounts(sessionNamespaces(current), namespace)
        if (granted) emit({ namespace, event: { type: 'accountsChanged', accounts: granted.accounts } })
      }
    })
    client.on('session_delete', ({ topic }) => ended(topic))
    client.on('session_expire', ({ topic }) => ended(topic))
  }

  const client = (): Promise<WalletConnectClient> => {
    if (!clientPromise) {
      const loading = load().then((made) => {
        listen(made)
        return made
      })
      clientPromise = loading
      // A failed load (offline, relay down) is tried again on the next need.
      loading.catch(() => {
        if (clientPromise === loading) clientPromise = undefined
      })
    }
    return clientPromise
  }

  const propose = async (own: Attempt): Promise<void> => {
    const made = await client()
    const { uri, approval } = await made.connect({
      optionalNamespaces: optionalNamespaces(kernel.networks()),
    })
    if (attempt !== own || !uri) return
    own.uri = uri
    own.codes += 1
    const expiresAt = expiryOf(uri, Date.now())
    pairing.set({ status: 'pairing', uri, expiresAt, ...(own.wallet ? { wallet: own.wallet } : {}) })
    own.timer = setTimeout(
      () => {
        if (attempt !== own) return
        if (own.codes >= MAX_CODES) {
          own.settle({ error: pairingExpiredError() })
          return
        }
        propose(own).catch((error: unknown) => own.settle({ error: walletConnectError(error) }))
      },
      Math.max(expiresAt - Date.now() - (own.codes >= MAX_CODES ? 0 : REFRESH_LEAD_MS), 1_000),
    )
    approval().then(
      (session) => own.settle({ session }),
      (error: unknown) => {
        // An older code running out while a newer one is shown is not a failure.
        if (own.uri === uri) own.settle({ error: walletConnectError(error) })
      },
    )
  }

  const manager: SessionManager = {
    pairing,
    session: () => current,

    pair(wallet) {
      if (restoring) return Promise.reject(reconnectingError())
      if (attempt)
        attempt.settle({ error: walletConnectError({ code: 5000, message: 'Replaced by a new pairing' }) })
      let settle!: Attempt['settle']
      const promise = new Promise<SessionTypes.Struct>((resolve, reject) => {
        settle = ({ session, error }) => {
          if (attempt !== own) return
          clearTimeout(own.timer)
          attempt = undefined
          if (session) {
            adopt(session)
            pairing.set({ status: 'connected', ...(own.wallet ? { wallet: own.wallet } : {}) })
            resolve(session)
            return
          }
          const code = (error as { code?: unknown }).code
          const status =
            code === 'WALLETCONNECT_PAIRING_EXPIRED'
              ? 'expired'
              : (error as { rpcCode?: unknown }).rpcCode === 4001
                ? 'declined'
                : 'failed'
          pairing.set({ status, error, ...(own.wallet ? { wallet: own.wallet } : {}) })
          reject(error)
        }
      })
      const own: Attempt = {
        codes: 0,
        settle: (result) => settle(result),
        promise,
        ...(wallet ? { wallet } : {}),
      }
      attempt = own
      pairing.set({ status: 'loading', ...(wallet ? { wallet } : {}) })
      propose(own).catch((error: unknown) => own.settle({ error: walletConnectError(error) }))
      return promise
    },

    sessionOrPairing() {
      if (current) return Promise.resolve(current)
      return attempt ? attempt.promise : manager.pair()
    },

    restore() {
      if (current) return Promise.resolve(current)
      const topic = kernel.storage.get(sessionTopicKey)
      if (!topic) return Promise.resolve(undefined)
      restoring ??= (async () => {
        try {
          const made = await client()
          const stored = made.session.getAll().find((session) => session.topic === topic)
          if (!stored || stored.expiry * 1000 <= Date.now()) {
            kernel.storage.remove(sessionTopicKey)
            return undefined
          }
          adopt(stored)
          return stored
        } finally {
          restoring = undefined
        }
      })()
      return restoring
    },

    async end() {
      const session = current
      if (!session) return
      current = undefined
      kernel.storage.remove(sessionTopicKey)
      const made = await client()
      await made.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    },

    async request(chainId, request) {
      const session = current
      if (!session) throw walletConnectError({ code: 4900, message: 'No WalletConnect session' })
      const made = await client()
      try {
        return await made.request({
          topic: session.topic,
          chainId,
          request: { method: request.method, params: request.params ?? [] },
        })
      } catch (error) {
        throw walletConnectError(error)
      }
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    dispose() {
      if (attempt) clearTimeout(attempt.timer)
      attempt = undefined
      listeners.clear()
    },
  }
  return manager
}
