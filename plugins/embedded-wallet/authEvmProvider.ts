import { withProviderRpcErrors } from 'latchkit'
import { toRpcError } from 'latchkit/internal'
import type { AuthSession } from './authSession'
import { RPC_NOT_ALLOWED } from './frameAlerts'

type Listener = (...args: unknown[]) => void

export interface AuthEvmProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

/**
 * A frame's `_ERROR` answer as the error an EIP-1193 caller expects: the person's
 * rejection is 4001, a method the frame does not offer 4200; anything else keeps the
 * frame's message.
 *
 * @example
 * throw asProviderError(error)
 */
export function asProviderError(error: unknown): unknown {
  const { rpcCode, shortMessage } = (error ?? {}) as { rpcCode?: number; shortMessage?: string }
  if (rpcCode === 4001) return toRpcError({ code: 4001, message: shortMessage })
  if (shortMessage === RPC_NOT_ALLOWED) return toRpcError({ code: 4200, message: RPC_NOT_ALLOWED })
  return error
}

/**
 * The embedded wallet as an EIP-1193 provider: the account and chain come from the
 * frame's user (GET_USER), a chain switch is SWITCH_NETWORK, and every other method is an
 * RPC_REQUEST the frame answers: reads from the chain, signing and sending only after the
 * person approved in the frame's own screen. `request()` rejects with EIP-1193 errors
 * (numeric `code`; the Latchkit error in `cause`).
 *
 * @example
 * const provider = authEvmProvider(session)
 * await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export function authEvmProvider(session: AuthSession): AuthEvmProvider {
  const listeners = new Map<string, Set<Listener>>()
  const chain = () => session.user('eip155')?.chainId
  session.subscribe('eip155', (event) => {
    const emit = (name: string, ...args: unknown[]) => {
      for (const listener of [...(listeners.get(name) ?? [])]) listener(...args)
    }
    if (event.type === 'chainChanged') emit('chainChanged', `0x${Number(event.chainId).toString(16)}`)
    if (event.type === 'disconnect')
      emit('disconnect', { code: 4900, message: 'The embedded wallet signed out' })
  })

  return withProviderRpcErrors<AuthEvmProvider>({
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts': {
          const user = session.user('eip155')
          return user ? [user.address] : []
        }
        case 'eth_chainId': {
          const current = chain()
          if (!current) throw toRpcError({ code: 4900, message: 'The embedded wallet is not connected' })
          return `0x${Number(current.split(':')[1]).toString(16)}`
        }
        case 'wallet_switchEthereumChain': {
          const hex = (params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId
          const target = typeof hex === 'string' ? Number.parseInt(hex, 16) : Number.NaN
          if (!Number.isSafeInteger(target) || target <= 0) {
            throw toRpcError({ code: -32602, message: 'wallet_switchEthereumChain needs a chainId' })
          }
          await session.switchNetwork('eip155', `eip155:${target}`).catch((error) => {
            throw asProviderError(error)
          })
          return null
        }
      }
      const current = chain()
      if (!current) throw toRpcError({ code: 4900, message: 'The embedded wallet is not connected' })
      try {
        const { result } = await session.request('RPC_REQUEST', {
          chainId: current,
          method,
          ...(params === undefined ? {} : { params }),
        })
        return result
      } catch (error) {
        throw asProviderError(error)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  })
}
