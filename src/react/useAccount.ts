'use client'
import type { AccountState, ChainNamespace } from 'latchkit'
import { initialAccountState } from 'latchkit/internal'
import { useKernel } from './context'
import { useKernelState } from './useKernelState'

export type UseAccountReturnType = AccountState & {
  namespace: ChainNamespace | undefined
  isConnected: boolean
}

const DISCONNECTED = initialAccountState()

/**
 * The account state (address, balance, status, ...) of one namespace (default: the active one).
 *
 * @example
 * const { address, isConnected, balance, balanceSymbol } = useAccount()
 */
export function useAccount(namespace?: ChainNamespace): UseAccountReturnType {
  useKernel('useAccount')
  return useKernelState((state) => {
    const ns = namespace ?? state.activeNamespace
    const account = (ns && state.accounts[ns]) || DISCONNECTED
    return { ...account, namespace: ns, isConnected: account.status === 'connected' }
  })
}
