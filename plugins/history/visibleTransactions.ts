import type { HistoryTransaction } from './state'

/**
 * Whether a transaction is only spam: it has transfers, and every one is an NFT flagged as
 * spam (an unsolicited airdrop). A transaction with any other transfer stays.
 *
 * @example
 * isSpamOnly({ transfers: [{ nft_info: { flags: { is_spam: true } } }] }) // true
 */
export function isSpamOnly(transaction: Pick<HistoryTransaction, 'transfers'>): boolean {
  const { transfers } = transaction
  return transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags?.is_spam === true)
}

/**
 * The transactions the list shows: those of `caipNetworkId` without spam-only ones, each
 * once (by id, the first kept), newest first by when they were mined. Transactions mined
 * at the same time keep the order the API gave them.
 *
 * @example
 * visibleTransactions([...current, ...page], 'eip155:1')
 */
export function visibleTransactions(
  transactions: readonly HistoryTransaction[],
  caipNetworkId: string,
): HistoryTransaction[] {
  const seen = new Set<string>()
  const kept: { transaction: HistoryTransaction; time: number; position: number }[] = []
  for (const transaction of transactions) {
    if (seen.has(transaction.id)) continue
    seen.add(transaction.id)
    if (transaction.metadata.chain !== caipNetworkId || isSpamOnly(transaction)) continue
    const time = Date.parse(transaction.metadata.minedAt)
    kept.push({ transaction, time: Number.isNaN(time) ? 0 : time, position: kept.length })
  }
  kept.sort((a, b) => b.time - a.time || a.position - b.position)
  return kept.map((entry) => entry.transaction)
}
