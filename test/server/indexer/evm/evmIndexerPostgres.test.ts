/**
 * The EVM history indexer on a real PostgreSQL server (Debian's, a throwaway cluster this
 * file starts; `node scripts/ensure-postgres.mjs` installs it) instead of PGlite: it
 * indexes the shared chains (read only here) into its own schema, and when its remembered
 * block no longer matches a chain, a restart drops that index and builds it again.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureHistory, historyAccount } from '../../../../devstack/fixtures'
import type { HistorySource } from '../../../../server/api/historySource'
import { type EvmIndexer, startEvmIndexer } from '../../../../server/indexer/evm/startEvmIndexer'
import { getDevstack } from '../../../support/devstack'
import {
  createTestDatabase,
  type PostgresServer,
  startPostgres,
  type TestDatabase,
} from '../../../support/postgres'

let server: PostgresServer
let database: TestDatabase
let indexer: EvmIndexer | undefined

const start = () =>
  startEvmIndexer({
    chains: getDevstack().chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    database: { url: database.url },
    pollingIntervalMs: 200,
  })

beforeAll(async () => {
  server = await startPostgres()
  database = await createTestDatabase(server.url)
}, 60_000)

afterAll(async () => {
  await indexer?.stop()
  await database?.drop()
  await server?.stop()
}, 60_000)

/** Runs statements on the test database, one session; `asReplica` skips Ponder's triggers. */
async function sql<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  asReplica = false,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    if (asReplica) await client.query('SET session_replication_role = replica')
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

async function countHistory(source: HistorySource, account: string): Promise<number> {
  let count = 0
  let cursor: string | undefined
  do {
    const page = await source.history({
      account,
      chainIds: ['eip155:31337'],
      limit: 100,
      ...(cursor && { cursor }),
    })
    count += page.transactions.length
    cursor = page.next ?? undefined
  } while (cursor)
  return count
}

const appSchemas = async () =>
  (
    await sql<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'latchkit_evm_%'`)
  ).map((row) => row.nspname)

describe('the EVM history indexer on PostgreSQL', () => {
  it('indexes the chains into its own schema', async () => {
    indexer = await start()
    expect(await countHistory(indexer.source, historyAccount.address)).toBe(fixtureHistory.transactionCount)
    expect(await appSchemas()).toHaveLength(1)
    const remembered = await sql<{ chain_id: string }>(
      'SELECT chain_id FROM latchkit_evm_indexer_chains ORDER BY 1',
    )
    expect(remembered.map((row) => Number(row.chain_id))).toEqual([31337, 31338])
  }, 180_000)

  it('drops and rebuilds the index of a chain whose remembered block changed', async () => {
    await indexer!.stop()
    const [schema] = await appSchemas()
    // A row no chain made: it survives a resume, not a rebuild.
    const stranger = '0x000000000000000000000000000000000000dead'
    await sql(
      `INSERT INTO "${schema}".account_transaction (chain_id, account, transaction_hash, block_number, transaction_index, operation_type)
       VALUES (31337, $1, $2, 999999, 0, 'receive')`,
      [stranger, `0x${'ab'.repeat(32)}`],
      // Ponder's live-query triggers expect a session of its own.
      true,
    )
    // As if the chain had been replaced by a new one since.
    await sql(`UPDATE latchkit_evm_indexer_chains SET block_hash = $1 WHERE chain_id = 31337`, [
      `0x${'00'.repeat(32)}`,
    ])
    indexer = await start()
    expect(await countHistory(indexer.source, stranger)).toBe(0)
    expect(await countHistory(indexer.source, historyAccount.address)).toBe(fixtureHistory.transactionCount)
  }, 180_000)
})
