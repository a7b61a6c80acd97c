import type { AddressNamer, ChainNamespace } from 'latchkit'
import { createTtlCache } from 'latchkit/internal'

/** How long a counterparty's name (or that it has none) is kept: 5 minutes. */
const NAME_TTL_MS = 5 * 60_000

/**
 * The names of the counterparties one activity list shows, asked of the `addressNamer`
 * service only for the rows rendered: each address once however many rows show it at
 * once, and an answer kept 5 minutes (at most 8192), so a row scrolled back into view
 * shows its name at once.
 */
export interface CounterpartyNames {
  /** The name known for `address`: a string, null when it has none, undefined when not asked yet. */
  known(address: string): string | null | undefined
  /** The name of `address`, asking the namer only when nobody has asked yet. */
  lookUp(address: string): Promise<string | null>
}

/**
 * @example
 * const names = counterpartyNames(namer, 'eip155')
 * names.known(address) ?? (await names.lookUp(address))
 */
export function counterpartyNames(namer: AddressNamer, namespace: ChainNamespace): CounterpartyNames {
  const answers = createTtlCache<string, string | null>({ ttlMs: NAME_TTL_MS })
  const asking = new Map<string, Promise<string | null>>()
  return {
    known: (address) => answers.get(address),
    lookUp(address) {
      const known = answers.get(address)
      if (known !== undefined) return Promise.resolve(known)
      const pending = asking.get(address)
      if (pending) return pending
      const promise = namer(address, namespace)
        .then(
          // Another plugin's answer, shown as text: a short single line or nothing.
          (name) =>
            typeof name === 'string' && name.trim() !== '' && name.length <= 255 ? name.trim() : null,
          () => null,
        )
        .then((name) => {
          answers.set(address, name)
          asking.delete(address)
          return name
        })
      asking.set(address, promise)
      return promise
    },
  }
}
