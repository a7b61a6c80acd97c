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
  if (!params.force && cached && Date.now() - cached.at < NATIVE_BALANCE_TTL_MS) {
    await cached.promise
    return
  }
  const promise = adapter.getBalance({ address: account.address, network })
  kernel.internal.balances.set(key, { at: Date.now(), promise })
  try {
    const { balance, symbol } = await promise
    kernel.store.setState((draft) => {
      const current = draft.accounts[namespace]
      if (current?.caipAddress !== key) return // the account moved on meanwhile
      current.balance = balance
      current.balanceSymbol = symbol
    })
  } catch (error) {
    kernel.internal.balances.delete(key)
    kernel.logger.warn('balance read failed', error)
    throw error
  }
}
