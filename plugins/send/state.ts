import type { TokenBalance } from 'latchkit'

/** At most this many pending transactions are kept; the oldest go first. */
export const PENDING_TRANSACTIONS_LIMIT = 99

/** A transaction the wallet accepted; kept until the account disconnects. */
export interface PendingTransaction {
  hash: string
  caipNetworkId: string
  /** The explorer page, when the network has an explorer. */
  explorerUrl: string | undefined
  /** What was sent, as the visitor typed it (e.g. '1.5') and the token's symbol. */
  amount: string
  symbol: string
  to: string
  /** Milliseconds since the epoch. */
  sentAt: number
}

/** A network fee estimate in the native currency's base units. */
export interface FeeEstimate {
  fee: bigint
  symbol: string
  decimals: number
  /** What the native balance must keep after the send (Solana's rent-exempt minimum); 0n when nothing. */
  minimumBalance: bigint
}

/**
 * The send form's state (token, amount, receiver, balances), plus the fee estimate the
 * views share and the pending list.
 * `sendTokenAmount` is the amount exactly as typed: it is parsed to base units with the
 * token's decimals only when sent, so no float ever rounds it.
 */
export interface SendState {
  token: TokenBalance | undefined
  sendTokenAmount: string | undefined
  /** The resolved receiver, or what was typed while it is not (yet) an address. */
  receiverAddress: string | undefined
  receiverProfileImageUrl: string | undefined
  /** The name the receiver was given by, when it was resolved from one. */
  receiverProfileName: string | undefined
  /** The native balance's worth in USD, as a decimal string ('0' without a price). */
  networkBalanceInUSD: string | undefined
  /** What can be sent: the account's token balances, or its native balance alone. */
  tokenBalances: TokenBalance[]
  /** True while the wallet is asked to send. */
  loading: boolean
  /** When reading balances last failed (ms since the epoch); not asked again within 30 s. */
  lastRetry: number | undefined
  fee: FeeEstimate | undefined
  /** Newest first, at most {@link PENDING_TRANSACTIONS_LIMIT}. */
  pendingTransactions: PendingTransaction[]
}

/**
 * The state a fresh kernel starts with, and what a disconnect returns to.
 *
 * @example
 * definePlugin({ id: SEND_PLUGIN_ID, initialState: initialSendState, setup })
 */
export function initialSendState(): SendState {
  return {
    token: undefined,
    sendTokenAmount: undefined,
    receiverAddress: undefined,
    receiverProfileImageUrl: undefined,
    receiverProfileName: undefined,
    networkBalanceInUSD: undefined,
    tokenBalances: [],
    loading: false,
    lastRetry: undefined,
    fee: undefined,
    pendingTransactions: [],
  }
}

/**
 * Clears what the visitor entered (after a token is sent), keeping the balances
 * and the pending transactions.
 *
 * @example
 * slice.set(clearSendForm)
 */
export function clearSendForm(state: SendState): void {
  state.token = undefined
  state.sendTokenAmount = undefined
  state.receiverAddress = undefined
  state.receiverProfileImageUrl = undefined
  state.receiverProfileName = undefined
  state.fee = undefined
  state.loading = false
}
