/**
 * Requests that wait for the person: each `ask` shows up in the panel (first come, first
 * shown) and settles when Approve or Reject is clicked. Reject answers with EIP-1193's
 * 4001, exactly as a browser wallet does when its popup is declined.
 */
import { type ProviderRpcError, providerErrors } from './providerRpcError'
import type { PendingRequestView } from './types'

export interface ConsentQueue {
  /** Shows a prompt; resolves when approved, rejects with 4001 when rejected. */
  ask(prompt: Omit<PendingRequestView, 'id'>): Promise<void>
  /** Waiting prompts, oldest first. */
  pending(): PendingRequestView[]
  /** Approves the prompt with `id`, or the oldest one. Returns false when there is none. */
  approve(id?: number): boolean
  /** Rejects the prompt with `id`, or the oldest one. Returns false when there is none. */
  reject(id?: number): boolean
  /** Called after every change of the pending list; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Settles every prompt with `error` (the wallet goes away). */
  cancelAll(error: ProviderRpcError): void
}

interface Entry {
  view: PendingRequestView
  resolve(): void
  reject(error: ProviderRpcError): void
}

/**
 * @example
 * const consent = createConsentQueue()
 * const approved = consent.ask({ method: 'personal_sign', origin, title: 'Signature request', details: [] })
 * consent.approve() // approved resolves
 */
export function createConsentQueue(): ConsentQueue {
  const entries: Entry[] = []
  const listeners = new Set<() => void>()
  let nextId = 1

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const take = (id: number | undefined): Entry | undefined => {
    const index = id === undefined ? 0 : entries.findIndex((entry) => entry.view.id === id)
    if (index < 0 || index >= entries.length) return undefined
    const [entry] = entries.splice(index, 1)
    notify()
    return entry
  }

  return {
    ask(prompt) {
      return new Promise<void>((resolve, reject) => {
        entries.push({ view: { ...prompt, id: nextId++ }, resolve, reject })
        notify()
      })
    },
    pending: () => entries.map((entry) => entry.view),
    approve(id) {
      const entry = take(id)
      entry?.resolve()
      return entry !== undefined
    },
    reject(id) {
      const entry = take(id)
      entry?.reject(providerErrors.userRejected())
      return entry !== undefined
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    cancelAll(error) {
      for (const entry of entries.splice(0)) entry.reject(error)
      notify()
    },
  }
}
