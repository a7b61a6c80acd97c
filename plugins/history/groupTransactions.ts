import type { HistoryTransaction } from './state'

/** The transactions of one calendar month (in the visitor's time zone), newest first. */
export interface TransactionMonth {
  year: number
  /** 0 for January, as `Date.getMonth()`. */
  month: number
  transactions: HistoryTransaction[]
}

/**
 * Groups transactions by year, then month, newest first at both levels and within each
 * month. One pass over a list already newest first (as `visibleTransactions` leaves it);
 * a month seen again later (an out-of-order input) joins its group, which is then sorted.
 *
 * @example
 * groupTransactions(state.transactions) // [{ year: 2026, month: 10, transactions: [...] }, ...]
 */
export function groupTransactions(transactions: readonly HistoryTransaction[]): TransactionMonth[] {
  const byKey = new Map<number, TransactionMonth>()
  let ordered = true
  let lastKey = Number.POSITIVE_INFINITY
  for (const transaction of transactions) {
    const date = new Date(transaction.metadata.minedAt)
    const year = date.getFullYear()
    const month = date.getMonth()
    const key = year * 12 + month
    if (key > lastKey) ordered = false
    lastKey = key
    let group = byKey.get(key)
    if (!group) {
      group = { year, month, transactions: [] }
      byKey.set(key, group)
    }
    group.transactions.push(transaction)
  }
  const groups = [...byKey.entries()].sort((a, b) => b[0] - a[0]).map(([, group]) => group)
  if (!ordered) {
    for (const group of groups) {
      group.transactions.sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
    }
  }
  return groups
}
