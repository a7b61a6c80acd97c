/**
 * The shapes of EIP-5792 (wallet call bundles) as Latchkit hands them out: quantities as
 * bigint and chain ids as numbers, as viem's are; hex only where the wallet's data is hex.
 */
import type { Hex } from '../address'

/** One call of a bundle: the contract (or account) at `to`, with `data` and `value`. */
export interface Call {
  to: Hex
  /** Call data; absent or '0x' for a plain transfer. */
  data?: Hex
  /** Native currency sent along, in wei. Default 0. */
  value?: bigint
}

/**
 * What the wallet says of atomic execution on a chain: 'supported' (all calls land
 * together or none do), 'ready' (it can, after the account is upgraded, asked for then),
 * 'unsupported' (it runs the calls one after another; an early one may stay done when a
 * later one fails).
 */
export type AtomicStatus = 'supported' | 'ready' | 'unsupported'

/** A wallet's capabilities on one chain, as `wallet_getCapabilities` reports them. */
export interface WalletCapabilities {
  atomic?: { status: AtomicStatus | (string & {}) }
  [capability: string]: unknown
}

/** The receipt of one transaction a bundle made. */
export interface CallReceipt {
  transactionHash: Hex
  status: 'success' | 'reverted'
  blockNumber?: bigint
  gasUsed?: bigint
}

/**
 * Where a bundle stands. `statusCode` is EIP-5792's: 100 pending, 200 confirmed, 400 not
 * included (the wallet gave up), 500 reverted entirely, 600 partly reverted.
 */
export interface CallsStatus {
  id: string
  chainId: number
  status: 'pending' | 'success' | 'failure'
  statusCode: number
  /** Whether the calls were executed as one: they all landed or none did. */
  atomic: boolean
  receipts: CallReceipt[]
  /**
   * How the calls went out: one `wallet_sendCalls` the wallet executed, or, for a wallet
   * without EIP-5792, one `eth_sendTransaction` each, in order.
   */
  via: 'wallet_sendCalls' | 'eth_sendTransaction'
}

/** Reported after each step of a bundle sent one transaction at a time. */
export interface SendCallsProgress {
  /** Which call, from 0. */
  index: number
  total: number
  hash: Hex
  /** 'sent' when the wallet sent it, then 'success' or 'reverted' once it is mined. */
  stage: 'sent' | 'success' | 'reverted'
}
