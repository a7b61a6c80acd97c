/**
 * Telling a restarted chain from the one that was indexed. Ponder keys everything by chain
 * id, so a fresh anvil with the same id would be read through the old index and the old
 * RPC cache. For each chain we keep one block the index has seen (number and hash); when
 * the chain no longer has that block, its index and cache are dropped before Ponder starts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { type Hex, toHex } from 'viem'
import type { IndexedChain } from './indexerEnv.js'
import { FinalError, type RetrySchedule, retried } from './retried.js'

/** A block the index has seen, per chain id. */
export type ChainFingerprints = Record<string, { blockNumber: string; blockHash: Hex }>

export type IndexerDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

/** Where the app's schemas start; everything of ours in the database is named so. */
export const SCHEMA_PREFIX = 'latchkit_evm_'
const fingerprintFile = 'latchkit-chains.json'
const fingerprintTable = 'latchkit_evm_indexer_chains'
// Ponder's RPC and block cache, shared by every app on the database.
const ponderSyncTables = [
  'blocks',
  'transactions',
  'transaction_receipts',
  'logs',
  'traces',
  'rpc_request_results',
  'intervals',
  'factory_addresses',
]

/**
 * One JSON-RPC call, tried again with growing timeouts while the node is silent or
 * unreachable (a busy machine's anvil can take more than 5 s to answer); an error the
 * node answers with is final.
 */
async function rpc<T>(
  rpcUrl: string,
  method: string,
  params: unknown[],
  schedule?: RetrySchedule,
): Promise<T> {
  return retried(
    `${method} at ${rpcUrl}`,
    async (signal) => {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal,
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const body = (await response.json()) as { result?: T; error?: { message: string } }
      if (body.error) throw new FinalError(`${method}: ${body.error.message}`)
      return body.result as T
    },
    schedule,
  )
}

/**
 * The hash of block `number` on the chain, or null when it has no such block. Tried
 * again while the node does not answer (`schedule`: how often and how long).
 *
 * @example const head = await blockHashAt('http://127.0.0.1:8545', 'latest')
 */
export async function blockHashAt(
  rpcUrl: string,
  number: bigint | 'latest',
  schedule?: RetrySchedule,
): Promise<{ number: bigint; hash: Hex } | null> {
  const block = await rpc<{ number: Hex; hash: Hex } | null>(
    rpcUrl,
    'eth_getBlockByNumber',
    [number === 'latest' ? 'latest' : toHex(number), false],
    schedule,
  )
  return block ? { number: BigInt(block.number), hash: block.hash } : null
}

export async function readFingerprints(database: IndexerDatabase): Promise<ChainFingerprints> {
  if (database.kind === 'pglite') {
    const file = join(database.dataDir, fingerprintFile)
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ChainFingerprints) : {}
  }
  return withPostgres(database.url, async (client) => {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${fingerprintTable} (chain_id bigint PRIMARY KEY, block_number bigint NOT NULL, block_hash text NOT NULL)`,
    )
    const { rows } = await client.query<{ chain_id: string; block_number: string; block_hash: Hex }>(
      `SELECT chain_id, block_number, block_hash FROM ${fingerprintTable}`,
    )
    return Object.fromEntries(
      rows.map((r) => [r.chain_id, { blockNumber: r.block_number, blockHash: r.block_hash }]),
    )
  })
}

export async function writeFingerprints(
  database: IndexerDatabase,
  fingerprints: ChainFingerprints,
): Promise<void> {
  if (database.kind === 'pglite') {
    mkdirSync(database.dataDir, { recursive: true })
    const file = join(database.dataDir, fingerprintFile)
    const merged = {
      ...(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ChainFingerprints) : {}),
      ...fingerprints,
    }
    writeFileSync(file, JSON.stringify(merged, null, 2))
    return
  }
  await withPostgres(database.url, async (client) => {
    for (const [chainId, { blockNumber, blockHash }] of Object.entries(fingerprints)) {
      await client.query(
        `INSERT INTO ${fingerprintTable} (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
         ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
        [chainId, blockNumber, blockHash],
      )
    }
  })
}

/**
 * The chains whose recorded block is gone or different: they are not the chains that were
 * indexed. A chain that cannot be asked counts as unchanged (Ponder will report it).
 *
 * @example await changedChains(chains, await readFingerprints(database)) // [31337]
 */
export async function changedChains(
  chains: readonly IndexedChain[],
  recorded: ChainFingerprints,
): Promise<number[]> {
  const changed: number[] = []
  for (const { chainId, rpcUrl } of chains) {
    const seen = recorded[String(chainId)]
    if (!seen) continue
    const now = await blockHashAt(rpcUrl, BigInt(seen.blockNumber)).catch(() => undefined)
    if (now === undefined) continue
    if (now === null || now.hash.toLowerCase() !== seen.blockHash.toLowerCase()) changed.push(chainId)
  }
  return changed
}

/**
 * Forgets what was indexed of `chainIds`. The app's tables hold every chain, so they go
 * whole (the unchanged chains are indexed again from Ponder's cache); the cache goes for
 * the changed chains only. PGlite's directory is simply emptied.
 */
export async function dropIndexedChains(
  database: IndexerDatabase,
  chainIds: readonly number[],
): Promise<void> {
  if (chainIds.length === 0) return
  if (database.kind === 'pglite') {
    rmSync(database.dataDir, { recursive: true, force: true })
    return
  }
  await withPostgres(database.url, async (client) => {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`,
      [SCHEMA_PREFIX],
    )
    for (const { nspname } of rows) await client.query(`DROP SCHEMA "${nspname.replaceAll('"', '')}" CASCADE`)
    const { rows: tables } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'ponder_sync'`,
    )
    const present = new Set(tables.map((t) => t.table_name))
    for (const table of ponderSyncTables.filter((t) => present.has(t))) {
      await client.query(`DELETE FROM ponder_sync.${table} WHERE chain_id = ANY($1::bigint[])`, [chainIds])
    }
    await client.query(`DELETE FROM ${fingerprintTable} WHERE chain_id = ANY($1::bigint[])`, [chainIds])
  })
}

async function withPostgres<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}
