/**
 * Two Solana indexer instances on one real PostgreSQL server (Debian's, a throwaway cluster
 * this file starts; `node scripts/ensure-postgres.mjs` installs it), as two API instances
 * behind a load balancer: they start at once on an empty database, both serve the same
 * history, every transaction is stored once, and when one stops the other follows on.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../../devstack/solana/index.js'
import { openPostgres } from '../../../../server/db/postgres.js'
import type { Database } from '../../../../server/db/sqlClient.js'
import { type SolanaIndexer, startSolanaIndexer } from '../../../../server/indexer/solana/index.js'
import { sendTransfer } from '../../../adapters/solana/support/sendTransfer.js'
import {
  createTestDatabase,
  type PostgresServer,
  startPostgres,
  type TestDatabase,
} from '../../../support/postgres.js'

let rpc: StartedSolanaRpc
let server: PostgresServer
let database: TestDatabase
let admin: Database
const indexers: SolanaIndexer[] = []

beforeAll(async () => {
  rpc = await startSolanaRpc()
  server = await startPostgres()
  database = await createTestDatabase(server.url)
  admin = await openPostgres(database.url)
})
afterAll(async () => {
  await Promise.all(indexers.map((indexer) => indexer.stop()))
  await admin?.close()
  await database?.drop()
  await server?.stop()
  await rpc?.stop()
})

const POLL = { timeout: 15_000, interval: 50 }

describe('Solana history index: two instances on one PostgreSQL server', () => {
  it('start at once, serve the same rows stored once, and hand the chain on when one stops', async () => {
    const chainId = `solana:${rpc.genesisHash.slice(0, 32)}`
    const start = () =>
      startSolanaIndexer({ rpcUrl: rpc.url, chainId, database: { url: database.url }, pollMs: 50 })
    const [a, b] = await Promise.all([start(), start()])
    indexers.push(a, b)
    const receiver = getBase58Decoder().decode(ed25519.utils.randomSecretKey().slice(0, 32))
    const hashes = async (indexer: SolanaIndexer) =>
      (await indexer.source.history({ account: receiver, chainIds: [], limit: 20 })).transactions.map(
        (entry) => entry.hash,
      )

    const first = await sendTransfer(rpc, { fromIndex: 0, to: receiver, value: 1_000_000n })
    await expect.poll(() => hashes(a), POLL).toEqual([first])
    await expect.poll(() => hashes(b), POLL).toEqual([first])
    const leaders = await admin.sql.query<{ leader: string | null }>('SELECT leader FROM solana_index_state')
    expect(leaders.rows).toHaveLength(1)
    expect(leaders.rows[0]?.leader).toBeTruthy()

    await a.stop()
    const second = await sendTransfer(rpc, { fromIndex: 0, to: receiver, value: 2_000_000n })
    await expect.poll(() => hashes(b), POLL).toEqual([second, first])
    const stored = await admin.sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM solana_account_transactions WHERE account = $1',
      [receiver],
    )
    expect(stored.rows[0]?.count).toBe(2)
  })
})
