/**
 * A stop-gap history source for the devstack: the chain reader's walk over recent blocks,
 * in the shape of an index. Only until the EVM indexer is started beside the API server;
 * it reads blocks on every request, which no deployment should do.
 */
import { getAddress, parseUnits } from 'viem'
import type { ChainReader } from '../../server/api/chainReader.js'
import {
  type HistorySource,
  type IndexedTransaction,
  InvalidCursorError,
} from '../../server/api/historySource.js'

/**
 * @example
 * createApiApp({ reader, settings, history: [blockScanHistory(reader)] })
 */
export function blockScanHistory(reader: ChainReader): HistorySource {
  const covers = (chainId: string) =>
    chainId.startsWith('eip155:') && reader.has(Number(chainId.split(':')[1]))
  return {
    covers,
    async history({ account, chainIds, cursor, limit }) {
      const all: IndexedTransaction[] = []
      for (const chainId of chainIds.filter(covers)) {
        const id = Number(chainId.split(':')[1])
        for (const entry of await reader.history(id, getAddress(account))) {
          all.push({
            chainId,
            hash: entry.hash,
            minedAt: entry.minedAt,
            blockNumber: '0',
            index: 0,
            from: entry.from,
            to: entry.to,
            status: entry.status,
            operationType: entry.operationType,
            transfers: entry.transfers.map((transfer) => {
              const decimals =
                transfer.kind === 'native'
                  ? reader.nativeCurrency(id).decimals
                  : transfer.kind === 'erc20' && transfer.contract
                    ? (reader.token(id, transfer.contract)?.decimals ?? 0)
                    : 0
              return {
                kind: transfer.kind === 'erc20' ? 'fungible' : transfer.kind,
                ...(transfer.contract && { contract: transfer.contract }),
                ...(transfer.kind === 'nft' && { tokenId: transfer.name.split('#')[1] ?? '' }),
                from: entry.from,
                to: entry.to,
                direction: transfer.direction,
                amount: transfer.kind === 'nft' ? '1' : parseUnits(transfer.numeric, decimals).toString(),
                decimals,
                symbol: transfer.symbol,
                name: transfer.name,
              }
            }),
          })
        }
      }
      all.sort((a, b) => b.minedAt.localeCompare(a.minedAt))
      if (cursor !== undefined && !/^\d{1,6}$/.test(cursor)) throw new InvalidCursorError()
      const start = Number(cursor ?? '0')
      return {
        transactions: all.slice(start, start + limit),
        next: start + limit < all.length ? String(start + limit) : null,
      }
    },
  }
}
