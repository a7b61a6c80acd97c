/**
 * Follows a Solana cluster into the index: poll the finalized slot, list the blocks since
 * the last one indexed, read each and store what it did for every account (deriveActivity),
 * one SQL transaction per block. Several instances may run on one PostgreSQL server: a lease
 * in the chain's row lets one of them follow at a time, and every one of them serves reads.
 * The rows belong to one cluster: when the genesis hash changes, or the chain no longer
 * holds the last block indexed (a local ledger started afresh), they are cleared and the
 * chain is followed from its first block again.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createSolanaRpc } from '@solana/kit'
import type { HistorySource } from '../../api/historySource.js'
import type { Database, DatabaseOption } from '../../db/sqlClient.js'
import { type BlockData, deriveActivity } from './deriveActivity.js'
import { solanaHistorySource } from './historyQuery.js'
import { openSolanaIndexDatabase } from './schema.js'
import { type IndexState, solanaIndexStore } from './store.js'

export type StartSolanaIndexerOptions = {
  /** The cluster's JSON-RPC over HTTP, e.g. `http://127.0.0.1:8899`. */
  rpcUrl: string
  /** CAIP-2 as the API names the chain: `solana:` and the first 32 characters of the genesis hash. */
  chainId: string
  /** Where the index is kept; the embedded database in memory by default. See `DatabaseOption`. */
  database?: DatabaseOption
  /** How long to wait between polls once caught up; default 1000 ms. */
  pollMs?: number
  /** The slot to start from on an empty index; default the node's first available block. */
  fromSlot?: bigint
  /** Told of a poll that failed (the next poll retries); default a console.error line. */
  onError?: (error: unknown) => void
}

export type SolanaIndexer = {
  /** The index as GET /v1/account/{address}/history reads it. */
  source: HistorySource
  /** Resolves after the next poll that reached the chain's tip (for tests and start-up scripts). */
  caughtUp(): Promise<void>
  /**
   * How far this process has followed the chain since it started: the next slot to read,
   * the finalized tip it is reading towards, and the share of the slots between where it
   * began and the tip that it has read (0 to 1). Null before its first round.
   */
  progress(): SolanaIndexProgress | null
  /** Stops following, hands the lease on, and closes the database if the indexer opened it. */
  stop(): Promise<void>
}

/** How far the follower is; see `SolanaIndexer.progress`. */
export type SolanaIndexProgress = { nextSlot: bigint; tip: bigint; fraction: number }

/** Slots asked for per getBlocks call: well under a node's 500,000, a few seconds of reads at most. */
const SLOTS_PER_ROUND = 1000n
/** JSON-RPC codes for a slot a node holds no block for (not yet, skipped, pruned). */
const BLOCK_GONE = new Set([-32004, -32007, -32009])

const rpcCode = (error: unknown): number | undefined =>
  (error as { context?: { __code?: number } })?.context?.__code

/** Tells one block from another of the same slot on a ledger that started afresh. */
function fingerprint(block: {
  blockhash: string
  transactions: { transaction: { signatures: string[] } }[]
}) {
  const hash = createHash('sha256').update(block.blockhash)
  for (const { transaction } of block.transactions) hash.update(`\n${transaction.signatures[0] ?? ''}`)
  return hash.digest('base64url')
}

/**
 * Starts following the cluster at `rpcUrl`; the tables are made first, so a database that
 * cannot be reached fails here. The RPC may be down at start: polls retry.
 *
 * @example
 * const indexer = await startSolanaIndexer({
 *   rpcUrl: 'http://127.0.0.1:8899',
 *   chainId: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ',
 *   database: { url: process.env.DATABASE_URL },
 * })
 * createApiApp({ ..., history: [evmHistory, indexer.source] })
 * await indexer.stop()
 */
export async function startSolanaIndexer(options: StartSolanaIndexerOptions): Promise<SolanaIndexer> {
  const { chainId, pollMs = 1000 } = options
  const onError =
    options.onError ??
    ((error: unknown) => console.error('[latchkit solana indexer]', (error as Error)?.message ?? error))
  const db: Database = await openSolanaIndexDatabase(options.database)
  const store = solanaIndexStore(db.sql, chainId)
  const rpc = createSolanaRpc(options.rpcUrl)
  const instance = randomUUID()
  // Long enough to outlast a slow round, short enough that a crashed leader is replaced soon.
  const leaseSeconds = Math.max(10, (pollMs * 5) / 1000)
  const finalized = { commitment: 'finalized' as const }

  let stopped = false
  let checkedLastBlock = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let waiters: (() => void)[] = []
  let began: bigint | undefined
  let progress: SolanaIndexProgress | null = null
  const reached = (nextSlot: bigint, tip: bigint) => {
    began ??= nextSlot
    const span = tip + 1n - began
    const done = nextSlot - began
    const fraction = span <= 0n || done >= span ? 1 : Math.floor((Number(done) / Number(span)) * 1000) / 1000
    progress = { nextSlot, tip, fraction }
  }

  const readBlock = async (slot: bigint) => {
    const block = await rpc
      .getBlock(slot, {
        ...finalized,
        encoding: 'json',
        transactionDetails: 'full',
        maxSupportedTransactionVersion: 0,
        rewards: false,
      })
      .send()
    return block === null ? null : ({ ...block, slot } as unknown as BlockData)
  }

  const firstSlot = async () => options.fromSlot ?? (await rpc.getFirstAvailableBlock().send())

  /** Whether the index still describes the chain behind the RPC. */
  const stillTheSameChain = async (state: IndexState, genesisHash: string, tip: bigint) => {
    if (state.genesisHash !== genesisHash) return false
    if (state.lastBlockSlot === null) return true
    if (tip < state.lastBlockSlot) return false
    // Once per start, and whenever the tip looks odd: a ledger restarted under the same
    // genesis hash (the devstack's) has other blocks at the same slots.
    if (checkedLastBlock) return true
    try {
      const block = await readBlock(state.lastBlockSlot)
      checkedLastBlock = true
      return block !== null && fingerprint(block) === state.lastBlockId
    } catch (error) {
      if (BLOCK_GONE.has(rpcCode(error) ?? 0)) return false
      throw error
    }
  }

  /** One round: up to SLOTS_PER_ROUND slots; true when more remain. */
  const round = async (): Promise<boolean> => {
    const genesisHash = await rpc.getGenesisHash().send()
    const tip = await rpc.getSlot(finalized).send()
    let state = await store.lead(instance, leaseSeconds, { genesisHash, nextSlot: await firstSlot() })
    if (!state) return false
    if (!(await stillTheSameChain(state, genesisHash, tip))) {
      const nextSlot = await firstSlot()
      await store.reset(genesisHash, nextSlot)
      state = { genesisHash, nextSlot, lastBlockSlot: null, lastBlockId: null }
      checkedLastBlock = true
    }
    reached(state.nextSlot, tip)
    if (state.nextSlot > tip) return false
    const end = state.nextSlot + SLOTS_PER_ROUND - 1n < tip ? state.nextSlot + SLOTS_PER_ROUND - 1n : tip
    const slots = await rpc.getBlocks(state.nextSlot, end, finalized).send()
    for (const slot of slots) {
      if (stopped) return false
      const block = await readBlock(slot)
      if (!block) continue
      await store.writeBlock(genesisHash, { slot, id: fingerprint(block) }, deriveActivity(block))
    }
    // Slots below the tip that getBlocks did not list hold no block and never will.
    if (end < tip) {
      await store.skipTo(genesisHash, end + 1n)
      reached(end + 1n, tip)
      return true
    }
    reached(tip + 1n, tip)
    return false
  }

  const poll = async () => {
    let more = false
    try {
      more = await round()
      if (!more) {
        for (const resolve of waiters) resolve()
        waiters = []
      }
    } catch (error) {
      if (!stopped) onError(error)
    }
    if (!stopped) timer = setTimeout(tick, more ? 0 : pollMs)
  }
  const tick = () => {
    running = poll()
  }
  tick()

  return {
    source: solanaHistorySource(db.sql, [chainId]),
    caughtUp: () => new Promise<void>((resolve) => waiters.push(resolve)),
    progress: () => progress,
    async stop() {
      if (stopped) return
      stopped = true
      clearTimeout(timer)
      await running
      // A database already gone keeps the lease until it expires: no reason to fail a stop.
      await store.release(instance).catch(() => {})
      await db.close()
    },
  }
}
