import { formatBalance, numberFormat } from 'latchkit/react'
import type { HistoryTransaction, HistoryTransfer, PendingHistoryTransaction } from './state'

/** What a row of the activity list shows, from a transaction or a pending one. */
export interface TransactionRowModel {
  key: string
  /** CAIP-2 of the transaction's network. */
  chain: string
  /** An i18n key: 'history.op.send' and the like; the raw operation for one we do not name. */
  title: string
  status: 'confirmed' | 'failed' | 'pending'
  /** Signed by direction (- out, + in), 3 decimals, with the symbol; an NFT by name. At most two. */
  amounts: string[]
  /** Up to two images: token icons or NFT previews, as the API gave them. */
  images: string[]
  /** The other side, unshortened, and which way it is. */
  counterparty: { direction: 'to' | 'from'; address: string } | undefined
  /** What the account paid to have it mined, with the symbol, to 3 significant digits; undefined when the API does not say. */
  fee: string | undefined
  /** ISO 8601, or undefined while pending. */
  minedAt: string | undefined
  hash: string | undefined
}

const KNOWN_OPERATIONS = new Set([
  'send',
  'receive',
  'trade',
  'approve',
  'mint',
  'burn',
  'buy',
  'execute',
  'deploy',
])

/**
 * A quantity with 3 decimals and a sign by direction: '-1.500 LUSD', '+0.250 ETH'.
 *
 * @example
 * formatQuantity('1.5', 'LUSD', 'out') // '-1.500 LUSD'
 * formatQuantity('1.5', 'LUSD', 'out', 'de') // '-1,500 LUSD'
 */
export function formatQuantity(
  numeric: string,
  symbol: string | undefined,
  direction: HistoryTransfer['direction'],
  tag = 'en',
): string {
  const sign = direction === 'out' ? '-' : direction === 'in' ? '+' : ''
  return `${sign}${formatBalance(numeric.replace(/^-/, ''), symbol, tag) ?? numeric}`
}

/**
 * A fee to 3 significant digits with its symbol: fees are small, and 3 decimals would
 * write most of them as 0.000.
 *
 * @example
 * formatFee('0.002044280', 'SOL') // '0.00204 SOL'
 */
export function formatFee(numeric: string, symbol: string | undefined, tag = 'en'): string {
  const value = Number(numeric)
  const amount = Number.isFinite(value)
    ? numberFormat(tag, { maximumSignificantDigits: 3 }).format(value)
    : numeric
  return symbol ? `${amount} ${symbol}` : amount
}

const titleOf = (operation: string) =>
  KNOWN_OPERATIONS.has(operation) ? `history.op.${operation}` : operation

function amountOf(transfer: HistoryTransfer, tag: string): string {
  if (transfer.nft_info) return transfer.nft_info.name ?? 'NFT'
  return formatQuantity(
    transfer.quantity.numeric,
    transfer.fungible_info?.symbol ?? undefined,
    transfer.direction,
    tag,
  )
}

function imageOf(transfer: HistoryTransfer): string | undefined {
  return (transfer.nft_info?.content?.preview?.url ?? transfer.fungible_info?.icon?.url) || undefined
}

/**
 * A mined transaction as a row: the account's side decides the sign of each amount and
 * which address is the counterparty; amounts are written in the language `tag`.
 *
 * @example
 * describeTransaction(transaction, '0xabc…').title // 'history.op.send'
 */
export function describeTransaction(
  transaction: HistoryTransaction,
  account: string | undefined,
  tag = 'en',
): TransactionRowModel {
  const { metadata, transfers } = transaction
  const me = account?.toLowerCase()
  // A token transfer's other side is in the transfer (the transaction's `to` is the token
  // contract); without transfers, the transaction's other side.
  const moved = transfers.find((transfer) => transfer.direction !== 'self')
  const sentByMe = moved
    ? moved.direction === 'out'
    : me !== undefined && metadata.sentFrom.toLowerCase() === me
  const other = moved
    ? ((sentByMe ? moved.recipient : moved.sender) ?? (sentByMe ? metadata.sentTo : metadata.sentFrom))
    : sentByMe
      ? metadata.sentTo
      : metadata.sentFrom
  return {
    key: transaction.id,
    chain: metadata.chain,
    title: titleOf(metadata.operationType),
    status: metadata.status,
    amounts: transfers.slice(0, 2).map((transfer) => amountOf(transfer, tag)),
    images: transfers
      .map(imageOf)
      .filter((url): url is string => url !== undefined)
      .slice(0, 2),
    counterparty:
      other && other.toLowerCase() !== me
        ? { direction: sentByMe ? 'to' : 'from', address: other }
        : undefined,
    fee: transaction.fee
      ? formatFee(transaction.fee.quantity.numeric, transaction.fee.fungible_info?.symbol ?? undefined, tag)
      : undefined,
    minedAt: metadata.minedAt,
    hash: metadata.hash ?? undefined,
  }
}

/**
 * A transaction sent from this widget that the API does not list yet.
 *
 * @example
 * describePending(pending).status // 'pending'
 */
export function describePending(pending: PendingHistoryTransaction, tag = 'en'): TransactionRowModel {
  const { summary } = pending
  return {
    key: `pending:${pending.hash}`,
    chain: pending.caipNetworkId,
    title: titleOf(summary?.operation ?? 'send'),
    status: 'pending',
    amounts:
      summary?.amount !== undefined ? [formatQuantity(summary.amount, summary.symbol, 'out', tag)] : [],
    images: summary?.iconUrl ? [summary.iconUrl] : [],
    counterparty: { direction: 'to', address: pending.to },
    fee: undefined,
    minedAt: undefined,
    hash: pending.hash,
  }
}
