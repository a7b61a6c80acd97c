/**
 * The state a kernel starts from when a server rendered the page: the returning visitor's
 * accounts, read from the request's cookies, so the server HTML and the browser's first
 * render both show the account (status 'reconnecting') until the silent reconnect confirms
 * it or clears it.
 */
import * as z from 'zod/mini'
import { isCaipNetworkId } from './caip'
import { parseCookieHeader } from './cookieStorage'
import type { ConnectedAccount } from './storage'
import { connectedAccountsSchema, storageKeys } from './storage'
import { type KernelState, overallStatus } from './store'
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './types'

/** What seeding reads of the kernel's options (kept structural: the options' module imports this one). */
interface SeedingOptions {
  networks: readonly Network[]
  adapters: readonly { namespace: ChainNamespace; isAddress?(address: string): boolean }[]
}

/**
 * What `createKernel({ initialState })` takes: plain data, so a server component can hand
 * it to a client one. Build it with {@link cookieToInitialState}.
 */
export interface InitialState {
  /** Namespace -> the account shown from the first paint, until reconnect confirms it. */
  accounts: Partial<Record<ChainNamespace, ConnectedAccount>>
  /** The network the visitor last used, so server and browser start on the same one. */
  lastUsedChain?: CaipNetworkId
}

export const initialStateSchema = z.object({
  accounts: connectedAccountsSchema,
  lastUsedChain: z.optional(z.custom<CaipNetworkId>((value) => isCaipNetworkId(value))),
})

export interface CookieToInitialStateOptions {
  /** The storage prefix the kernel uses; default 'latchkit'. */
  prefix?: string
}

function readJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/**
 * Reads the initial state from a request's Cookie header, as the cookie backend wrote it.
 * Never throws: a missing, corrupt or hostile cookie gives an empty state (the page renders
 * 'Connect'), and an invalid part is dropped on its own.
 *
 * @example
 * // app/layout.tsx (a server component)
 * import { headers } from 'next/headers'
 * import { cookieToInitialState } from 'latchkit'
 * const initialState = cookieToInitialState((await headers()).get('cookie'))
 * return <Providers initialState={initialState}>{children}</Providers>
 */
export function cookieToInitialState(
  cookieHeader: string | null | undefined,
  options: CookieToInitialStateOptions = {},
): InitialState {
  const prefix = options.prefix ?? 'latchkit'
  const cookies = parseCookieHeader(cookieHeader)
  const accounts = z.safeParse(
    connectedAccountsSchema,
    readJson(cookies.get(`${prefix}:${storageKeys.connectedAccounts.name}`)),
  )
  const lastUsed = readJson(cookies.get(`${prefix}:${storageKeys.lastUsedChain.name}`))
  return {
    accounts: accounts.success ? accounts.data : {},
    ...(isCaipNetworkId(lastUsed) ? { lastUsedChain: lastUsed } : {}),
  }
}

/**
 * The valid part of an `initialState` option: `undefined` when it is absent or not an
 * initial state at all (then the kernel starts as without it).
 */
export function validInitialState(value: unknown): InitialState | undefined {
  const parsed = z.safeParse(initialStateSchema, value)
  return parsed.success ? parsed.data : undefined
}

/**
 * Writes the initial state's accounts into a kernel's starting state: each on its network,
 * with status 'reconnecting', and the first of them active unless the last used network's
 * namespace has one. An account on a network the app does not list, in a namespace it does
 * not have, or that its adapter calls no address, is left out (that namespace shows 'Connect').
 */
export function seedInitialAccounts(
  state: KernelState,
  options: SeedingOptions,
  initial: InitialState,
): void {
  const seeded: ChainNamespace[] = []
  for (const [namespace, remembered] of Object.entries(initial.accounts)) {
    const account = state.accounts[namespace]
    const networkState = state.networks[namespace]
    const network = options.networks.find((n) => n.caipNetworkId === remembered?.caipNetworkId)
    const adapter = options.adapters.find((a) => a.namespace === namespace)
    if (!remembered || !account || !networkState || !network) continue
    if (adapter?.isAddress && !adapter.isAddress(remembered.address)) continue
    account.address = remembered.address
    account.caipAddress = `${network.caipNetworkId}:${remembered.address}` as CaipAddress
    account.status = 'reconnecting'
    networkState.caipNetwork = network
    seeded.push(namespace)
  }
  const first = seeded[0]
  if (first && !seeded.includes(state.activeNamespace ?? '')) state.activeNamespace = first
  state.status = overallStatus(state.accounts)
}
