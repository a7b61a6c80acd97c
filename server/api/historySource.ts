/**
 * Where GET /v1/account/{address}/history reads from: an index of the chain kept in a
 * database (the EVM indexer, the Solana indexer), never a walk over blocks per request.
 * The route asks one source per chain family and formats what it gets (names, icons,
 * prices, the spam flag) from the chain configuration.
 */

/** What one transfer moved, as the index recorded it; amounts are base units. */
export type IndexedTransfer = {
  /** native: ETH or SOL; fungible: an ERC-20 or SPL token; nft: an ERC-721 token. */
  kind: 'native' | 'fungible' | 'nft'
  /** The token's contract or mint; absent for the native currency. */
  contract?: string
  /** ERC-721 only. */
  tokenId?: string
  from: string
  to: string
  /** Seen from the account asked about. */
  direction: 'in' | 'out' | 'self'
  /** Base units as a decimal string ('1' for an NFT). */
  amount: string
  /** Read from the token when it was indexed; undefined when the token would not say. */
  decimals?: number
  symbol?: string
  name?: string
}

/** Past-tense titles the widget shows: sent, received, swapped, approved, minted, burnt, bought, executed. */
export type OperationType =
  | 'send'
  | 'receive'
  | 'trade'
  | 'approve'
  | 'mint'
  | 'burn'
  | 'buy'
  | 'execute'
  | 'deploy'

/** One transaction that touched the account, with the transfers it made for that account. */
export type IndexedTransaction = {
  /** CAIP-2, e.g. 'eip155:31337' or 'solana:<genesis hash prefix>'. */
  chainId: string
  hash: string
  /** ISO 8601, from the block's timestamp. */
  minedAt: string
  /** Block number (or slot) and position in it: the order, newest first. */
  blockNumber: string
  index: number
  from: string
  to: string
  status: 'confirmed' | 'failed'
  operationType: OperationType
  transfers: IndexedTransfer[]
  /**
   * What `from` paid to have it mined, in the native currency's base units as a decimal
   * string (Solana: the network fee and the rent of token accounts it created); absent when
   * the index does not record it.
   */
  fee?: string
}

export type HistoryQuery = {
  /** The account, as the chain family writes it (EVM: lowercase or checksummed hex). */
  account: string
  /** CAIP-2 ids to include; the source's chains when empty. */
  chainIds: readonly string[]
  /** Opaque: the `next` of a previous page. */
  cursor?: string
  limit: number
}

export type HistoryPage = {
  transactions: IndexedTransaction[]
  /** The cursor of the following page; null on the last one. */
  next: string | null
}

/** One chain family's index. */
export interface HistorySource {
  /** Whether this source indexes the chain (CAIP-2). */
  covers(chainId: string): boolean
  /**
   * Newest first (block, then position in the block), `limit` at most. Throws
   * {@link InvalidCursorError} for a cursor it did not give, and {@link HistoryNotReadyError}
   * while the index has not caught up with the chains or cannot be reached.
   */
  history(query: HistoryQuery): Promise<HistoryPage>
}

/**
 * How far the index has read one chain (CAIP-2); null while it does not say. `fraction`
 * (0 to 1) when the source knows better than indexed block over the chain's head (an
 * index that did not start at the first block).
 */
export type IndexedProgress = { chainId: string; indexedBlock: number | null; fraction?: number }

/**
 * The index cannot answer yet: it is catching up with the chains (`catching-up`, with how far
 * it has read each one asked about) or does not answer at all (`unreachable`: starting, or
 * down). A wait, not a failure: the route answers 503 `HISTORY_INDEXING` with a Retry-After.
 */
export class HistoryNotReadyError extends Error {
  override name = 'HistoryNotReadyError'
  constructor(
    readonly state: 'catching-up' | 'unreachable',
    readonly progress: readonly IndexedProgress[],
    options?: { cause?: unknown },
  ) {
    super(
      state === 'catching-up'
        ? 'the history index is catching up with the chain'
        : 'the history index is not reachable yet',
      options,
    )
  }
}

/** A cursor the source never gave (malformed, or from another source): the route answers 400. */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError'
  constructor() {
    super('cursor: must be the `next` of a previous page')
  }
}
