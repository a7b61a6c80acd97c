/**
 * The dev wallet's state: its accounts and chains, the selected ones, and whether this
 * site is connected. Every change is saved (so a reload finds the same wallet) and
 * announced to the dApp with the EIP-1193 event a browser wallet would emit.
 */
import { type Address, getAddress, isAddress } from 'viem'
import { forwardRpc } from './forwardRpc'
import {
  loadWalletState,
  type PersistedWalletState,
  saveWalletState,
  type WalletStorage,
} from './persistedState'
import type { ProviderEvents } from './providerEvents'
import { ProviderRpcError, providerErrors } from './providerRpcError'
import type { DevWalletChain, DevWalletSnapshot } from './types'

export interface WalletStateOptions {
  chains: readonly DevWalletChain[]
  /** The accounts offered; by default those the first chain's RPC lists (anvil's unlocked ones). */
  accounts?: readonly string[]
  storage: WalletStorage
  storageKey: string
  events: ProviderEvents
}

export interface WalletState {
  /** Resolves once the accounts are known. */
  ready: Promise<void>
  snapshot(): DevWalletSnapshot
  currentChain(): DevWalletChain
  findChain(chainId: number): DevWalletChain | undefined
  /** The selected account; throws while accounts are still loading or none exist. */
  requireAccount(): Address
  selectAccount(address: string): void
  selectChain(chainId: number): void
  /** Lets this site see the account; emits accountsChanged when it could not before. */
  authorize(): void
  /** Forgets this site; emits accountsChanged([]) when it was connected. */
  revoke(): void
  addChain(chain: DevWalletChain): void
  /** Records whether the current chain's RPC answers; emits connect / disconnect on change. */
  setReachable(reachable: boolean): void
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/**
 * Hex chain id as EIP-1193 events and eth_chainId carry it.
 *
 * @example toHexChainId(31337) // '0x7a69'
 */
export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/**
 * @example
 * const state = createWalletState({ chains, storage: localStorage, storageKey, events })
 * await state.ready
 * state.selectChain(31338) // emits chainChanged '0x7a6a'
 */
export function createWalletState(options: WalletStateOptions): WalletState {
  if (options.chains.length === 0) throw new Error('installDevWallet: `chains` needs at least one chain')
  const { events, storage, storageKey } = options
  const saved = loadWalletState(storage, storageKey)
  const chains: DevWalletChain[] = [...options.chains]
  for (const added of saved.addedChains) {
    if (!chains.some((chain) => chain.chainId === added.chainId)) chains.push(added)
  }
  let accounts: Address[] = (options.accounts ?? []).filter((a) => isAddress(a)).map((a) => getAddress(a))
  let account: Address | undefined
  let chainId = chains.some((c) => c.chainId === saved.chainId)
    ? (saved.chainId as number)
    : chains[0]!.chainId
  let authorized = saved.authorized
  let addedChains = saved.addedChains.filter(
    (added) => !options.chains.some((c) => c.chainId === added.chainId),
  )
  let reachable = true
  const listeners = new Set<() => void>()

  const pickAccount = () => {
    account = accounts.find((a) => a.toLowerCase() === saved.account?.toLowerCase()) ?? accounts[0]
  }
  const persist = () => {
    const state: PersistedWalletState = { authorized, chainId, addedChains }
    if (account) state.account = account
    saveWalletState(storage, storageKey, state)
  }
  const changed = () => {
    persist()
    for (const listener of [...listeners]) listener()
  }

  pickAccount()
  const ready =
    options.accounts !== undefined
      ? Promise.resolve()
      : forwardRpc(chains[0]!.rpcUrl, 'eth_accounts').then(
          (listed) => {
            accounts = (Array.isArray(listed) ? listed : [])
              .filter((a) => isAddress(a))
              .map((a) => getAddress(a))
            pickAccount()
            for (const listener of [...listeners]) listener()
          },
          (error) => console.error('[dev wallet] could not list the chain’s accounts', error),
        )

  const current = () => chains.find((c) => c.chainId === chainId) ?? chains[0]!

  return {
    ready,
    snapshot: () => ({ accounts, account, chains: [...chains], chainId, authorized }),
    currentChain: current,
    findChain: (id) => chains.find((c) => c.chainId === id),
    requireAccount() {
      if (!account) throw new ProviderRpcError(4900, 'The dev wallet has no accounts (is the chain running?)')
      return account
    },
    selectAccount(address) {
      const next = accounts.find((a) => a.toLowerCase() === address.toLowerCase())
      if (!next || next === account) return
      account = next
      changed()
      if (authorized) events.emit('accountsChanged', [next])
    },
    selectChain(id) {
      if (id === chainId || !chains.some((c) => c.chainId === id)) return
      chainId = id
      reachable = true
      changed()
      events.emit('chainChanged', toHexChainId(id))
    },
    authorize() {
      if (authorized) return
      authorized = true
      changed()
      if (account) events.emit('accountsChanged', [account])
    },
    revoke() {
      if (!authorized) return
      authorized = false
      changed()
      events.emit('accountsChanged', [])
    },
    addChain(chain) {
      if (chains.some((c) => c.chainId === chain.chainId)) return
      chains.push(chain)
      addedChains = [...addedChains, chain]
      changed()
    },
    setReachable(next) {
      if (next === reachable) return
      reachable = next
      if (next) events.emit('connect', { chainId: toHexChainId(chainId) })
      else events.emit('disconnect', providerErrors.disconnected())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
