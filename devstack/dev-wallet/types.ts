/**
 * Shapes shared by the dev wallet's parts: the chains and accounts it holds, what the
 * installer takes, and what a pending consent prompt looks like.
 */
import type { Address } from 'viem'

/** A chain the dev wallet can switch to. The dApp may not know every one of them. */
export interface DevWalletChain {
  chainId: number
  name: string
  /** JSON-RPC over HTTP; the dev wallet forwards requests here (anvil, in the devstack). */
  rpcUrl: string
  /** Symbol of the native currency, for prompts. Default 'ETH'. */
  nativeSymbol?: string
}

/** A request waiting for the person to approve or reject it in the panel. */
export interface PendingRequestView {
  /** Increasing number, unique within one installed wallet. */
  id: number
  method: string
  origin: string
  /** Short title, e.g. 'Connection request'. */
  title: string
  /** Human-readable lines: label and value, shown as text only. */
  details: ReadonlyArray<{ label: string; value: string }>
}

/** The shape of an EIP-1193 request as dApps send it. */
export interface DevWalletRequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/** EIP-6963 provider info, as announced. */
export interface DevWalletInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** What the wallet shows and remembers; `account` is undefined only while accounts load. */
export interface DevWalletSnapshot {
  accounts: readonly Address[]
  account: Address | undefined
  chains: readonly DevWalletChain[]
  chainId: number
  /** Whether this site may see the account (it connected and was not disconnected). */
  authorized: boolean
}
