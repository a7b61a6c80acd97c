/**
 * The Solana history index: a follower of a Solana cluster that keeps, in PostgreSQL (the
 * embedded PGlite by default), each account's transactions and the SOL and SPL transfers
 * they made, for GET /v1/account/{address}/history.
 *
 * @example
 * import { startSolanaIndexer } from './server/indexer/solana/index.js'
 * const indexer = await startSolanaIndexer({ rpcUrl, chainId: `solana:${genesisHash.slice(0, 32)}` })
 * const page = await indexer.source.history({ account, chainIds: [], limit: 20 })
 */
export { type BlockData, deriveActivity } from './deriveActivity.js'
export { solanaHistorySource } from './historyQuery.js'
export { openSolanaIndexDatabase } from './schema.js'
export {
  type SolanaIndexer,
  type StartSolanaIndexerOptions,
  startSolanaIndexer,
} from './startSolanaIndexer.js'
