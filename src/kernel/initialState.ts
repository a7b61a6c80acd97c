/**
 * Server rendering with the visitor's account from the first paint. The server reads what
 * the widget remembered from the request's cookies (cookieToInitialState); the kernel on
 * both sides starts from it (restoreInitialState), so the server HTML and the browser's
 * first render show the account (status 'reconnecting') until the silent reconnect
 * confirms it or clears it. An app that renders only in the browser imports neither and
 * pays nothing for them.
 */
import * as z from 'zod/mini'
import { isCaipNetworkId } from './caip'
import { parseCookieHeader } from './cookieStorage'
import type { Plugin } from './kernelTypes'
import { defineStorageKey } from './storage'
import { type KernelState, overallStatus } from './store'
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './types'

/**
 * What the first paint of a returning visitor needs, per namespace: the account, its
 * network and the connector to confirm it with. Bounded and plain so it fits in a cookie
 * and says nothing a page could render as markup.
 */
const connectedAccountSchema = z.object({
  address: z.string().check(z.regex(/^[0-9A-Za-z]{1,128}$/, 'must be an address (letters and digits)')),
  caipNetworkId: z.custom<CaipNetworkId>((value) => isCaipNetworkId(value)),
  connectorId: z.string().check(z.minLength(1), z.maxLength(200)),
})

/** The last connected account of one namespace, as remembered for the first paint. */
export type ConnectedAccount = z.output<typeof connectedAccountSchema>

/** At most this many namespaces are remembered (no configuration has more families). */
const CONNECTED_ACCOUNTS_LIMIT = 8

/** Namespace -> last connected account: what the server reads from a cookie to render it. */
export const connectedAccountsSchema = z
  .record(z.string().check(z.regex(/^[-a-z0-9]{3,8}$/)), connectedAccountSchema)
  .check(
    z.refine((value) => Object.keys(value).length <= CONNECTED_ACCOUNTS_LIMIT, 'too many namespaces'),
    z.refine(
      (value) => Object.entries(value).every(([ns, account]) => account.caipNetworkId.startsWith(`${ns}:`)),
      'each network must belong to its namespace',
    ),
  )

/** Where the browser keeps them: with `cookieStorage`, a cookie the server reads. */
export const connectedAccountsKey = defineStorageKey('connectedAccounts', connectedAccountsSchema)

/**
 * What `restoreInitialState` takes: plain data, so a server component can hand it to a
 * client one. Build it with {@link cookieToInitialState}.
 */
export interface InitialState {
  /** Namespace -> the account shown from the first paint, until reconnect confirms it. */
  accounts: Partial<Record<ChainNamespace, ConnectedAccount>>
  /** The network the visitor last used, so server and browser start on the same one. */
  lastUsedChain?: CaipNetworkId
}

const initialStateSchema = z.object({
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
    readJson(cookies.get(`${prefix}:${connectedAccountsKey.name}`)),
  )
  const lastUsed = readJson(cookies.get(`${prefix}:lastUsedChain`))
  return {
    accounts: accounts.success ? accounts.data : {},
    ...(isCaipNetworkId(lastUsed) ? { lastUsedChain: lastUsed } : {}),
  }
}

/**
 * The kernel side of server rendering, as a plugin: the kernel starts from `initialState`
 * (the same value on the server and in the browser, so hydration matches), showing each
 * account with status 'reconnecting' until the silent reconnect confirms or clears it, and
 * from then on it keeps the connected accounts where `cookieToInitialState` reads them on
 * the next request. Pair it with `storage: cookieStorage`. An invalid `initialState` is
 * ignored with a warning; the accounts are still kept for the next request.
 *
 * @example
 * const kernel = createKernel({
 *   networks, adapters: [evmAdapter()], storage: cookieStorage,
 *   plugins: [restoreInitialState(initialState)],
 * })
 */
export function restoreInitialState(initialState: InitialState | undefined): Plugin {
  return {
    id: 'initial-state',
    setup({ kernel, store, storage, options, logger }) {
      const parsed = z.safeParse(initialStateSchema, initialState)
      if (initialState !== undefined && !parsed.success) logger.warn('ignored an invalid initial state')
      if (parsed.success) store.setState((draft) => seedInitialAccounts(draft, options, parsed.data))
      return kernel.subscribe((state, previous) => {
        for (const namespace of Object.keys(state.accounts)) {
          const account = state.accounts[namespace]
          const before = previous.accounts[namespace]
          const caipNetworkId = state.networks[namespace]?.caipNetwork?.caipNetworkId
          const connectorId = state.connectorIds[namespace]
          if (account?.status === 'connected' && account.address && caipNetworkId && connectorId) {
            const unchanged =
              before?.status === 'connected' &&
              before.address === account.address &&
              previous.networks[namespace]?.caipNetwork?.caipNetworkId === caipNetworkId &&
              previous.connectorIds[namespace] === connectorId
            if (!unchanged) {
              storage.set(connectedAccountsKey, {
                ...storage.get(connectedAccountsKey),
                [namespace]: { address: account.address, caipNetworkId, connectorId },
              })
            }
          } else if (account?.status === 'disconnected' && before?.status !== 'disconnected') {
            const { [namespace]: _gone, ...rest } = storage.get(connectedAccountsKey) ?? {}
            if (Object.keys(rest).length === 0) storage.remove(connectedAccountsKey)
            else storage.set(connectedAccountsKey, rest)
          }
        }
      })
    },
  }
}

/** What seeding reads of the kernel's options. */
interface SeedingOptions {
  networks: readonly Network[]
  adapters: readonly { namespace: ChainNamespace; isAddress?(address: string): boolean }[]
}

/**
 * Writes the initial state into a kernel's state: the last used network, and each account
 * on its network with its connector and status 'reconnecting'; the first of them active
 * unless the last used network's namespace has one. An account on a network the app does
 * not list, in a namespace it does not have, or that its adapter calls no address, is left
 * out (that namespace shows 'Connect').
 */
function seedInitialAccounts(state: KernelState, options: SeedingOptions, initial: InitialState): void {
  // Storage is not what decides the first render: on the server it is empty.
  const lastUsed = options.networks.find((n) => n.caipNetworkId === initial.lastUsedChain)
  const lastUsedState = lastUsed && state.networks[lastUsed.chainNamespace]
  if (lastUsed && lastUsedState) {
    lastUsedState.caipNetwork = lastUsed
    state.activeNamespace = lastUsed.chainNamespace
  }
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
    // The connector the silent reconnect asks first.
    state.connectorIds[namespace] = remembered.connectorId
    seeded.push(namespace)
  }
  const first = seeded[0]
  if (first && !seeded.includes(state.activeNamespace ?? '')) state.activeNamespace = first
  state.status = overallStatus(state.accounts)
}
