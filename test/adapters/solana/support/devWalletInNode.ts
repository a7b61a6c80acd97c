/**
 * The dev Solana wallet driven from Node: the wallet logic of the browser build, with its
 * consent queue answered by the test (approve, reject, or a policy) instead of a person.
 */
import {
  type ConsentQueue,
  createConsentQueue,
  createDevSolanaWallet,
} from '../../../../devstack/dev-wallet-solana/index.js'
import type { StartedSolanaRpc } from '../../../../devstack/solana/index.js'
import { fakeRegistry } from './fakeWallets'

export type ConsentPolicy = 'approve' | 'reject' | 'manual'

/**
 * A dev wallet over the endpoint's fixture accounts, and a registry that lists it, for
 * `solanaAdapter({ wallets })`. With 'approve' or 'reject', every request is answered as
 * soon as it is asked; 'manual' leaves the queue to the test.
 *
 * @example
 * const dev = devWalletInNode(rpc)
 * const kernel = createKernel({ networks, adapters: [solanaAdapter({ wallets: dev.registry })] })
 */
export function devWalletInNode(
  rpc: StartedSolanaRpc,
  options: { storage?: Storage | ReturnType<typeof memoryStorage> } = {},
) {
  const consent: ConsentQueue = createConsentQueue()
  let policy: ConsentPolicy = 'approve'
  const asked: string[] = []
  consent.subscribe(() => {
    const [first] = consent.pending()
    if (!first || asked.at(-1) === `${first.id}`) return
    asked.push(`${first.id}`)
    if (policy === 'approve') queueMicrotask(() => consent.approve(first.id))
    if (policy === 'reject') queueMicrotask(() => consent.reject(first.id))
  })
  const devWallet = createDevSolanaWallet({
    accounts: rpc.accounts,
    rpcUrl: rpc.url,
    consent,
    storage: options.storage,
  })
  return {
    ...devWallet,
    consent,
    registry: fakeRegistry([devWallet.wallet]),
    /** How many prompts were shown so far. */
    prompts: () => asked.length,
    setPolicy(next: ConsentPolicy) {
      policy = next
    },
  }
}

/** A tiny Web Storage stand-in shared between "page loads" of one test. */
export function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}
