/**
 * What the dev wallet remembers across reloads, like a real wallet extension does: whether
 * this site is connected, the selected account and chain, and chains a site added. Stored
 * in the page's localStorage (the wallet lives in the page, so its storage is per origin).
 * Whatever is read back is checked field by field; anything odd is dropped, not trusted.
 */
import { type Address, isAddress } from 'viem'
import type { DevWalletChain } from './types'

export interface PersistedWalletState {
  authorized: boolean
  account?: Address
  chainId?: number
  addedChains: DevWalletChain[]
}

/** Default localStorage key. */
export const DEV_WALLET_STORAGE_KEY = 'latchkit-dev-wallet:v1'

const empty = (): PersistedWalletState => ({ authorized: false, addedChains: [] })

/** Storage the wallet uses; `null` (no localStorage) keeps state for this page load only. */
export type WalletStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null

/**
 * @example
 * const saved = loadWalletState(localStorage, DEV_WALLET_STORAGE_KEY)
 * if (saved.authorized) // reconnect silently
 */
export function loadWalletState(storage: WalletStorage, key: string): PersistedWalletState {
  let raw: unknown
  try {
    const text = storage?.getItem(key)
    if (!text) return empty()
    raw = JSON.parse(text)
  } catch {
    return empty()
  }
  if (typeof raw !== 'object' || raw === null) return empty()
  const value = raw as Record<string, unknown>
  const state = empty()
  state.authorized = value.authorized === true
  if (typeof value.account === 'string' && isAddress(value.account)) state.account = value.account
  if (typeof value.chainId === 'number' && Number.isSafeInteger(value.chainId)) state.chainId = value.chainId
  if (Array.isArray(value.addedChains)) state.addedChains = value.addedChains.filter(isChain)
  return state
}

/**
 * Saves the state; a full or blocked storage only costs persistence, never the request.
 *
 * @example saveWalletState(localStorage, DEV_WALLET_STORAGE_KEY, { authorized: true, addedChains: [] })
 */
export function saveWalletState(storage: WalletStorage, key: string, state: PersistedWalletState): void {
  try {
    storage?.setItem(key, JSON.stringify(state))
  } catch (error) {
    console.warn('[dev wallet] could not save its state', error)
  }
}

function isChain(value: unknown): value is DevWalletChain {
  if (typeof value !== 'object' || value === null) return false
  const chain = value as Record<string, unknown>
  return (
    typeof chain.chainId === 'number' &&
    Number.isSafeInteger(chain.chainId) &&
    chain.chainId > 0 &&
    typeof chain.name === 'string' &&
    typeof chain.rpcUrl === 'string' &&
    /^https?:\/\//.test(chain.rpcUrl) &&
    (chain.nativeSymbol === undefined || typeof chain.nativeSymbol === 'string')
  )
}
