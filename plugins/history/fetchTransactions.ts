import { type CaipNetworkId, type Kernel, LatchError } from 'latchkit'
import { type HistoryAnswer, historyAnswerSchema } from './historySchema'
import { historyMessages } from './messages'
import type { HistoryTransaction } from './state'

export interface FetchTransactionsParameters {
  /** The account, as its chain writes it. */
  accountAddress: string | undefined
  /** The network to list; the API answers for every chain of the account when absent. */
  chainId?: CaipNetworkId
  /** The `next` of the previous page. */
  cursor?: string
  /** An on-ramp provider's purchases instead: never answered from a cache. */
  onramp?: string
  /** Ask the API again rather than answer from the cache (a pending transaction's poll). */
  fresh?: boolean
}
export interface FetchTransactionsReturnType {
  transactions: HistoryTransaction[]
  next: string | undefined
}
export type FetchTransactionsErrorType = LatchError

/**
 * One page of an account's transactions from the history API. The cache key includes the
 * cursor, so each page is kept on its own.
 *
 * @example
 * const { transactions, next } = await fetchTransactions(kernel, { accountAddress, chainId: 'eip155:1' })
 */
export async function fetchTransactions(
  kernel: Kernel,
  params: FetchTransactionsParameters,
): Promise<FetchTransactionsReturnType> {
  const { accountAddress, chainId, cursor, onramp, fresh } = params
  if (!accountAddress) {
    throw new LatchError(historyMessages.HISTORY_ACCOUNT_REQUIRED, { code: 'HISTORY_ACCOUNT_REQUIRED' })
  }
  const answer: HistoryAnswer = await kernel.api.request({
    path: `v1/account/${encodeURIComponent(accountAddress)}/history`,
    query: { cursor, onramp, chainId },
    ...(chainId !== undefined && { chainId }),
    schema: historyAnswerSchema,
    endpoint: 'GET /v1/account/{account}/history',
    empty: (): HistoryAnswer => ({ data: [], next: null }),
    cache: onramp ? 'no-cache' : { ttlMs: 30_000 },
    ...(fresh && { fresh: true }),
  })
  return {
    transactions: answer.data as HistoryTransaction[],
    next: answer.next ?? undefined,
  }
}
