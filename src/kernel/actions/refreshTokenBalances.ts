import { isSupportedNetwork } from '../connection'
import { messages } from '../errors'
import type { Kernel } from '../kernelTypes'
import { loadModule } from '../loadModule'
import type { CaipAddress, ChainNamespace, TokenBalance } from '../types'
import type { TokenBalanceSource } from './readTokenBalances'

export interface RefreshTokenBalancesParameters {
  namespace?: ChainNamespace
  /** After a transaction: skip the 30 s portfolio cache and ask the API to refresh. */
  force?: boolean
}

export type RefreshTokenBalancesReturnType =
  /** The account's `tokenBalance` now holds `balances`. */
  | { status: 'updated'; source: TokenBalanceSource; balances: TokenBalance[] }
  /** No connected account in the namespace: nothing to read. */
  | { status: 'no-account' }
  /** Neither the wallet, an API nor the adapter can read balances: nothing was asked. */
  | { status: 'no-source' }
  /** The active network is not in the app's list; nothing was asked, the toast was shown. */
  | { status: 'unsupported-network' }
  /** A read failed less than 30 s ago; nothing was asked until then. */
  | { status: 'suppressed' }
  /** The read failed: the toast was shown and the store left as it was. */
  | { status: 'failed'; error: unknown }

/** Never thrown: every failure is reported in the return value and as a toast. */
export type RefreshTokenBalancesErrorType = never

/**
 * Reads the connected account's token balances and writes `tokenBalance` of the account
 * state. Sources, in order: the wallet's `wallet_getAssets` (when the adapter's `getAssets`
 * says the wallet has the capability), the Blockchain API (`options.api.blockchainUrl`), and
 * with no API configured the adapter (`getTokenBalances`, else the native balance from RPC).
 * Zero-decimal tokens are dropped as low quality and the rest sorted by value.
 *
 * On an unsupported network or a failure it shows 'Token Balance Unavailable' and leaves
 * the store untouched; after a failure it does not ask again for 30 s,
 * even with `force`.
 *
 * @example
 * const result = await refreshTokenBalances(kernel)
 * if (result.status === 'updated') console.log(result.balances)
 * kernel.bus.on('tx:sent', () => refreshTokenBalances(kernel, { force: true }))
 */
export async function refreshTokenBalances(
  kernel: Kernel,
  params: RefreshTokenBalancesParameters = {},
): Promise<RefreshTokenBalancesReturnType> {
  const state = kernel.getState()
  const namespace = params.namespace ?? state.activeNamespace
  const account = namespace ? state.accounts[namespace] : undefined
  const network = namespace ? state.networks[namespace]?.caipNetwork : undefined
  if (!namespace || !account?.address || !account.caipAddress || !network) return { status: 'no-account' }

  if (!isSupportedNetwork(kernel, network)) {
    kernel.snackbar.error(messages.TOKEN_BALANCE_UNAVAILABLE)
    return { status: 'unsupported-network' }
  }
  if (!hasSource(kernel, namespace)) return { status: 'no-source' }
  const key = account.caipAddress
  const gate = kernel.internal.tokenBalanceGate
  if (!gate.shouldTry(key)) return { status: 'suppressed' }

  let result: { source: TokenBalanceSource; balances: TokenBalance[] }
  try {
    // Reading (the sources, their schemas, the filters) is imported on the first read: an
    // app pays for it once an account is connected, not at start-up.
    const { readTokenBalances } = await loadModule(() => import('./run'), 'the balance reader')
    result = await readTokenBalances(kernel, namespace, account.address, network, params.force === true)
  } catch (error) {
    gate.recordFailure(key)
    kernel.logger.warn('token balances unavailable', error)
    kernel.snackbar.error(messages.TOKEN_BALANCE_UNAVAILABLE)
    return { status: 'failed', error }
  }
  gate.recordSuccess(key)

  const { balances } = result
  let written = false as boolean
  kernel.store.setState((draft) => {
    const current = draft.accounts[namespace]
    if (current?.caipAddress !== (key as CaipAddress)) return // the account moved on meanwhile
    current.tokenBalance = balances
    written = true
  })
  if (!written) return { status: 'no-account' }
  return { status: 'updated', source: result.source, balances }
}

/** A kernel without any way to read balances is configured that way; it is not a failure. */
function hasSource(kernel: Kernel, namespace: ChainNamespace): boolean {
  const adapter = kernel.adapters.get(namespace)
  return !!(
    kernel.api.url('blockchain') ||
    adapter?.getAssets ||
    adapter?.getTokenBalances ||
    adapter?.getBalance
  )
}
