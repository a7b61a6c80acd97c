/**
 * Whether the indexer has caught up with the chains. Ponder's /ready answers 200 once the
 * backfill is done, but the blocks it leaves to live indexing (the last 30 or so, not yet
 * final) come after; /status says how far each chain is indexed. A wait follows progress:
 * an index that is slow but moving is waited for; one that stops moving is given up on.
 */
import { blockHashAt, type ChainFingerprints } from './chainFingerprints.js'
import { chainName, type IndexedChain } from './indexerEnv.js'

/**
 * Each chain's newest block now, by chain id.
 *
 * @example const heads = await chainHeads([{ chainId: 31337, rpcUrl }])
 */
export async function chainHeads(chains: readonly IndexedChain[]): Promise<ChainFingerprints> {
  const entries = await Promise.all(
    chains.map(async ({ chainId, rpcUrl }) => {
      const head = await blockHashAt(rpcUrl, 'latest')
      return head ? [[String(chainId), { blockNumber: String(head.number), blockHash: head.hash }]] : []
    }),
  )
  return Object.fromEntries(entries.flat())
}

/** How far the index is: null while the indexer does not answer yet (it boots in 25 s or more). */
export type IndexProgress = {
  /** Ponder's /ready: the backfill is done. */
  ready: boolean
  /** Per chain: the newest block indexed (null before the first) and the block to reach. */
  chains: { chainId: number; indexed: number | null; target: number }[]
} | null

export type WaitUntilIndexedOptions = {
  /** Give up when the index has not moved for this long. Default 5 minutes. */
  stallMs?: number
  /** Give up after this long even while it moves. Default 30 minutes. */
  capMs?: number
  /** Called with each new reading that differs from the one before. */
  onProgress?: (progress: IndexProgress) => void
  /**
   * The time (ms since the epoch) of the indexer's latest sign of life besides the index
   * moving, e.g. a line in its log while it boots; a newer one counts as progress.
   */
  lastActivity?: () => number
  /** Why to stop waiting at once (the indexer has failed), or undefined to go on. */
  failure?: () => string | undefined
}

/**
 * Resolves once the indexer at `url` has indexed every chain up to `heads`; rejects when
 * it has made no progress for `stallMs`, or has not caught up within `capMs`, saying how
 * far it got.
 *
 * @example await waitUntilIndexed('http://127.0.0.1:42069', await chainHeads(chains), { stallMs: 120_000 })
 */
export async function waitUntilIndexed(
  url: string,
  heads: ChainFingerprints,
  options: WaitUntilIndexedOptions = {},
): Promise<void> {
  const stallMs = options.stallMs ?? 300_000
  const capMs = options.capMs ?? 1_800_000
  const started = Date.now()
  let movedAt = started
  let last: IndexProgress = null
  let lastKey = ''
  for (;;) {
    const progress = await indexProgress(url, heads).catch(() => null)
    const key = JSON.stringify(progress)
    if (key !== lastKey) {
      lastKey = key
      last = progress
      movedAt = Date.now()
      options.onProgress?.(progress)
    }
    if (caughtUp(progress)) return
    const failure = options.failure?.()
    if (failure) throw new Error(`the EVM indexer at ${url} failed: ${failure}`)
    const now = Date.now()
    movedAt = Math.max(movedAt, options.lastActivity?.() ?? 0)
    if (now - movedAt > stallMs) {
      throw new Error(
        `the EVM indexer at ${url} made no progress for ${seconds(now - movedAt)} (${describeProgress(last)})`,
      )
    }
    if (now - started > capMs) {
      throw new Error(
        `the EVM indexer at ${url} did not catch up within ${seconds(capMs)} (${describeProgress(last)})`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * One reading of how far the indexer at `url` is towards `heads`; null while it does not
 * answer.
 *
 * @example const progress = await indexProgress(indexer.url, heads)
 */
export async function indexProgress(url: string, heads: ChainFingerprints): Promise<IndexProgress> {
  const ready = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5_000) })
  await ready.arrayBuffer()
  const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(5_000) })
  const status = (await response.json()) as Record<string, { block?: { number: number } } | undefined>
  return {
    ready: ready.ok,
    chains: Object.entries(heads).map(([chainId, head]) => ({
      chainId: Number(chainId),
      indexed: status[chainName(Number(chainId))]?.block?.number ?? null,
      target: Number(head.blockNumber),
    })),
  }
}

/** Whether `progress` has every chain at its target, past the backfill. */
export function caughtUp(progress: IndexProgress): boolean {
  return !!progress?.ready && progress.chains.every((chain) => (chain.indexed ?? -1) >= chain.target)
}

/**
 * A reading in words, e.g. "chain 31337 at block 12 of 40, chain 31338 not started".
 *
 * @example console.log(`history: ${describeProgress(progress)}`)
 */
export function describeProgress(progress: IndexProgress): string {
  if (!progress) return 'not answering yet'
  const chains = progress.chains
    .map(({ chainId, indexed, target }) =>
      indexed === null ? `chain ${chainId} not started` : `chain ${chainId} at block ${indexed} of ${target}`,
    )
    .join(', ')
  return progress.ready ? chains : `backfilling: ${chains}`
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
