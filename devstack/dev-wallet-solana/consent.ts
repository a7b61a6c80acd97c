/**
 * Requests that wait for the person: each `ask` shows up in the panel (first come, first
 * shown) and settles when Approve or Reject is clicked. Reject answers with code 4001,
 * the code Solana browser wallets use when their popup is declined.
 */

/** A request waiting to be approved or rejected. Shown as text only, never as markup. */
export interface ConsentRequest {
  /** Increasing number, unique within one consent queue. */
  id: number
  /** The Wallet Standard feature asked, e.g. `solana:signMessage`. */
  feature: string
  /** Short title, e.g. 'Connection request'. */
  title: string
  details: ReadonlyArray<{ label: string; value: string }>
}

/** The error a declined request answers with. */
export class DevWalletError extends Error {
  override name = 'DevWalletError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** 4001: the person said no. */
export const userRejected = () => new DevWalletError(4001, 'User rejected the request.')
/** 4100: the site asked for something before it was connected. */
export const unauthorized = () => new DevWalletError(4100, 'The site is not connected to the wallet.')

export interface ConsentQueue {
  /** Shows a prompt; resolves when approved, rejects with 4001 when rejected. */
  ask(request: Omit<ConsentRequest, 'id'>): Promise<void>
  /** Waiting requests, oldest first. */
  pending(): ConsentRequest[]
  /** Approves the request with `id`, or the oldest. False when there is none. */
  approve(id?: number): boolean
  /** Rejects the request with `id`, or the oldest. False when there is none. */
  reject(id?: number): boolean
  /** Called after every change of the pending list; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/**
 * @example
 * const consent = createConsentQueue()
 * const answer = consent.ask({ feature: 'solana:signMessage', title: 'Sign message', details: [] })
 * consent.approve() // answer resolves
 */
export function createConsentQueue(): ConsentQueue {
  const entries: { request: ConsentRequest; resolve(): void; reject(error: Error): void }[] = []
  const listeners = new Set<() => void>()
  let nextId = 1

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const take = (id: number | undefined) => {
    const index = id === undefined ? 0 : entries.findIndex((entry) => entry.request.id === id)
    if (index < 0 || index >= entries.length) return undefined
    const [entry] = entries.splice(index, 1)
    notify()
    return entry
  }

  return {
    ask: (request) =>
      new Promise<void>((resolve, reject) => {
        entries.push({ request: { ...request, id: nextId++ }, resolve, reject })
        notify()
      }),
    pending: () => entries.map((entry) => entry.request),
    approve(id) {
      const entry = take(id)
      entry?.resolve()
      return entry !== undefined
    },
    reject(id) {
      const entry = take(id)
      entry?.reject(userRejected())
      return entry !== undefined
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
