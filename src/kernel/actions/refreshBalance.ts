import { NATIVE_BALANCE_TTL_MS } from '../cache'
import { isSupportedNetwork } from '../connection'
import { latchError } from '../errors'
import type { Kernel } from '../kernelTypes'
import type { ChainNamespace } from '../types'

export interface RefreshBalanceParameters {
  namespace?: ChainNamespace
  /** Ignore the 30 s cache (after a transaction). */
  force?: boolean
}

/**
 * Reads the native balance of the connected account through the namespace's adapter and
 * writes `balance` and `balanceSymbol`.
 *
 * @example
 * await refreshBalance(kernel, { force: true })
 */
export async function refreshBalance(kernel: Kernel, params: RefreshBalanceParameters = {}): Promise<void> {
  const namespace = params.namespace ?? kernel.getState().activeNamespace
  if (!namespace) return
  const { accounts, networks } = kernel.getState()
  const account = accounts[namespace]
  const network = networks[namespace]?.caipNetwork
  if (!account?.address || !account.caipAddress || !network) throw latchError('NO_ACTIVE_CAIP_ADDRESS')
  if (!isSupportedNetwork(kernel, network)) return
  const adapter = kernel.adapters.get(namespace)
  if (!adapter?.getBalance) return
  const key = account.caipAddress
  const cached = kernel.internal.balances.get(key)
  // A read of the last 30 s is reused, but its figure is still written: the account may
  // have been cleared (disconnected and connected again) since that read ended.
  const entry =
    !params.force && cached && Date.now() - cached.at < NATIVE_BALANCE_TTL_MS
      ? cached
      : { at: Date.now(), promise: adapter.getBalance({ address: account.address, network }) }
  kernel.internal.balances.set(key, entry)
  try {
    const { balance, symbol } = await entry.promise
    kernel.store.setState((draft) => {
      const current = draft.accounts[namespace]
      if (current?.caipAddress !== key) return // the account moved on meanwhile
      current.balance = balance
      current.balanceSymbol = symbol
    })
  } catch (error) {
    if (kernel.internal.balances.get(key) === entry) kernel.internal.balances.delete(key)
    if (entry !== cached) kernel.logger.warn('balance read failed', error) // else its first caller did
    throw error
  }
}
