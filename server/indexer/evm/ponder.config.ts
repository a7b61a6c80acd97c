/**
 * The Ponder app behind the EVM history: every block of every configured chain goes to one
 * block handler (src/index.ts), which reads its transactions, receipts and call traces.
 * Chains and database come from the environment (see indexerEnv.ts): `startEvmIndexer`
 * sets them.
 */
import { createConfig } from 'ponder'
import { chainName, INDEXER_ENV, readIndexedChains } from './indexerEnv.ts'

const chains = readIndexedChains(process.env)
const pollingInterval = Number(process.env[INDEXER_ENV.pollingMs] ?? 1_000)
const lanes = Math.max(1, Number(process.env[INDEXER_ENV.rpcLanes] ?? 8))
const databaseUrl = process.env[INDEXER_ENV.databaseUrl]

export default createConfig({
  database: databaseUrl
    ? { kind: 'postgres', connectionString: databaseUrl }
    : { kind: 'pglite', directory: process.env[INDEXER_ENV.pgliteDir] ?? '.ponder/pglite' },
  // Chains are independent: a slow one must not hold back another's realtime blocks.
  ordering: 'multichain',
  chains: Object.fromEntries(
    chains.map(({ chainId, rpcUrl }) => [
      chainName(chainId),
      { id: chainId, rpc: Array.from({ length: lanes }, () => rpcUrl), pollingInterval },
    ]),
  ),
  blocks: {
    EveryBlock: {
      chain: Object.fromEntries(chains.map(({ chainId }) => [chainName(chainId), { startBlock: 0 }])),
      interval: 1,
    },
  },
})
