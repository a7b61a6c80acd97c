/**
 * The index read as a HistorySource: an account's rows newest first by (slot, position in
 * the block), with the transfers each made for that account, in pages. The cursor is the
 * last row's place, base64url, so it fits the route's cursor pattern and says nothing a
 * client should rely on.
 */
import {
  type HistoryPage,
  type HistoryQuery,
  type HistorySource,
  type IndexedTransaction,
  InvalidCursorError,
  type OperationType,
} from '../../api/historySource.js'
import type { SqlClient } from '../../db/sqlClient.js'
import { type TransferRow, toIndexedTransfer } from './deriveActivity.js'

type Place = { slot: bigint; position: number; chainId: string }

function encodeCursor(place: Place): string {
  return Buffer.from(`${place.slot}.${place.position}.${place.chainId}`, 'utf8').toString('base64url')
}

function decodeCursor(cursor: string): Place {
  const match = /^(\d{1,20})\.(\d{1,9})\.(solana:[1-9A-HJ-NP-Za-km-z]{1,64})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  )
  if (!match) throw new InvalidCursorError()
  return { slot: BigInt(match[1] as string), position: Number(match[2]), chainId: match[3] as string }
}

type Row = {
  chain_id: string
  slot: string
  position: number
  signature: string
  operation_type: OperationType
  to_address: string
  block_time: Date | string
  fee_payer: string
  failed: boolean
  fee: string
  transfers: TransferRow[] | string
}

/**
 * The HistorySource over the index of `chainIds` in `sql`.
 *
 * @example
 * const source = solanaHistorySource(db.sql, ['solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ'])
 * const { transactions, next } = await source.history({ account, chainIds: [], limit: 20 })
 */
export function solanaHistorySource(sql: SqlClient, chainIds: readonly string[]): HistorySource {
  const covers = (chainId: string) => chainIds.includes(chainId)
  return {
    covers,
    async history(query: HistoryQuery): Promise<HistoryPage> {
      const chains = query.chainIds.length > 0 ? query.chainIds.filter(covers) : [...chainIds]
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
      if (chains.length === 0 || query.limit <= 0) return { transactions: [], next: null }
      // One more than a page: whether there is a next one.
      const { rows } = await sql.query<Row>(
        `SELECT a.chain_id, a.slot::text AS slot, a.position, a.signature, a.operation_type, a.to_address,
                t.block_time, t.fee_payer, t.failed, t.fee::text AS fee,
                COALESCE((
                  SELECT json_agg(json_build_object(
                    'kind', f.kind, 'mint', f.mint, 'from_address', f.from_address, 'to_address', f.to_address,
                    'direction', f.direction, 'amount', f.amount::text, 'decimals', f.decimals
                  ) ORDER BY f.ordinal)
                  FROM solana_transfers f
                  WHERE f.chain_id = a.chain_id AND f.account = a.account AND f.signature = a.signature
                ), '[]'::json) AS transfers
         FROM solana_account_transactions a
         JOIN solana_transactions t ON t.chain_id = a.chain_id AND t.signature = a.signature
         WHERE a.account = $1 AND a.chain_id = ANY($2::text[])
           AND ($3::bigint IS NULL OR (a.slot, a.position, a.chain_id) < ($3::bigint, $4::integer, $5::text))
         ORDER BY a.slot DESC, a.position DESC, a.chain_id DESC
         LIMIT $6`,
        [
          query.account,
          chains,
          after?.slot.toString() ?? null,
          after?.position ?? null,
          after?.chainId ?? null,
          query.limit + 1,
        ],
      )
      const page = rows.slice(0, query.limit)
      const transactions = page.map(
        (row): IndexedTransaction => ({
          chainId: row.chain_id,
          hash: row.signature,
          minedAt: new Date(row.block_time).toISOString(),
          blockNumber: row.slot,
          index: row.position,
          from: row.fee_payer,
          to: row.to_address,
          status: row.failed ? 'failed' : 'confirmed',
          operationType: row.operation_type,
          transfers: (typeof row.transfers === 'string' ? JSON.parse(row.transfers) : row.transfers).map(
            toIndexedTransfer,
          ),
          fee: row.fee,
        }),
      )
      const last = page.at(-1)
      return {
        transactions,
        next:
          rows.length > query.limit && last
            ? encodeCursor({ slot: BigInt(last.slot), position: last.position, chainId: last.chain_id })
            : null,
      }
    },
  }
}
