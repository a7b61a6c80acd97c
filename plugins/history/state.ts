import type { CaipNetworkId, TransactionSummary } from 'latchkit'

/** At most this many pending transactions are kept; the oldest go first. */
export const HISTORY_PENDING_LIMIT = 99

/** While a transaction sent from here is pending, the list asks the API again this often. */
export const HISTORY_POLL_MS = 4000

/** One transfer of a transaction, as the history API answers it. */
export interface HistoryTransfer {
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } }
  nft_info?: { name?: string; content?: { preview?: { url?: string } }; flags?: { is_spam?: boolean } }
  direction: 'in' | 'out' | 'self'
  /** Who the asset moved from and to, when the API says. */
  sender?: string | null
  recipient?: string | null
  quantity: { numeric: string }
  value?: number
}

/** One transaction of the history API. */
export interface HistoryTransaction {
  id: string
  metadata: {
    /** ISO 8601. */
    minedAt: string
    /** CAIP-2. */
    chain: string
    /** send, receive, trade, approve, mint, burn, buy, execute, deploy, or another the API names. */
    operationType: string
    status: 'confirmed' | 'failed' | 'pending'
    sentFrom: string
    sentTo: string
    hash?: string
  }
  transfers: HistoryTransfer[]
  /** What the account paid to have it mined (the network fee; on Solana also the rent of token accounts it created), when the API says. */
  fee?: { fungible_info?: { symbol?: string | null } | null; quantity: { numeric: string } } | null
}

/** A transaction sent from this widget that the history does not list yet. */
export interface PendingHistoryTransaction {
  hash: string
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  /** Milliseconds since the epoch. */
  sentAt: number
  summary?: TransactionSummary
}

/**
 * The history index is still catching up with the chain (the API answered 503
 * `HISTORY_INDEXING`): a wait, asked again after `retryAfterMs`, not a failure.
 */
export interface HistoryIndexing {
  /** How far the index has read the chain and the chain's newest block; null when the API cannot say. */
  indexedBlock: number | null
  headBlock: number | null
  /** The share of the chain indexed, 0 to 1 (shown as "Indexing, 42%"); null when unknown. */
  fraction: number | null
  /** When to ask again: the API's Retry-After. */
  retryAfterMs: number
  /** The read to ask again: the first page, or the page after the last one read. */
  page: 'first' | 'more'
}

/**
 * The activity list's state. `transactions` holds the network in view only, spam dropped,
 * newest first; the grouping by year and month is derived from it (groupTransactions).
 */
export interface HistoryState {
  transactions: HistoryTransaction[]
  /** The on-ramp provider's purchases (asked for with `onramp`, never cached). */
  onrampTransactions: HistoryTransaction[]
  /** The account and network the list was read for; a change starts it afresh. */
  lastNetworkInView: CaipNetworkId | undefined
  lastAccountInView: string | undefined
  loading: boolean
  /** Nothing to show: read, and no transaction (or the read failed). */
  empty: boolean
  /** The cursor of the next page; undefined on the last one. */
  next: string | undefined
  /** The message of the last failed read, until the next read. */
  error: string | undefined
  /** Set while the history index is catching up, until a read succeeds or fails otherwise. */
  indexing: HistoryIndexing | undefined
  /** Newest first, at most {@link HISTORY_PENDING_LIMIT}. */
  pending: PendingHistoryTransaction[]
}

/**
 * @example
 * definePlugin({ id: HISTORY_PLUGIN_ID, initialState: initialHistoryState, setup })
 */
export function initialHistoryState(): HistoryState {
  return {
    transactions: [],
    onrampTransactions: [],
    lastNetworkInView: undefined,
    lastAccountInView: undefined,
    loading: false,
    empty: false,
    next: undefined,
    error: undefined,
    indexing: undefined,
    pending: [],
  }
}
