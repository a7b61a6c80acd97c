import type { AccountType, Kernel } from 'latchkit'
import { isSupportedNetwork } from 'latchkit/internal'

/** The account and chain a session must cover right now. */
export interface SiweTarget {
  address: string
  chainId: number
  /** The account's type as the wallet reported it (`eoa`, `smartAccount`, ...). */
  accountType: AccountType | undefined
}

/**
 * Sign-in applies when an (EVM) address is active on a supported network.
 * Undefined otherwise: not connected, another namespace active, or an unsupported chain
 * (the UnsupportedChain view has the floor then).
 */
export function activeTarget(kernel: Kernel): SiweTarget | undefined {
  const state = kernel.getState()
  if (state.activeNamespace !== 'eip155') return undefined
  const account = state.accounts.eip155
  const network = state.networks.eip155?.caipNetwork
  if (account?.status !== 'connected' || !account.address || !isSupportedNetwork(kernel, network))
    return undefined
  const chainId = Number(network?.id)
  if (!Number.isSafeInteger(chainId)) return undefined
  const address = account.address.toLowerCase()
  const accountType = account.allAccounts.find((a) => a.address.toLowerCase() === address)?.type
  return { address: account.address, chainId, accountType }
}

/** A comparable form of a target ('' for none). */
export function targetKey(target: SiweTarget | undefined): string {
  return target ? `${target.address.toLowerCase()}@${target.chainId}` : ''
}
