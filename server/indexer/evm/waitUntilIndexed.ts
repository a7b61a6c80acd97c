/**
 * Whether the indexer has caught up with the chains. Ponder's /ready answers 200 once the
 * backfill is done, but the blocks it leaves to live indexing (the last 30 or so, not yet
 * final) come after; /status says how far each chain is indexed.
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

/**
 * Resolves once the indexer at `url` has indexed every chain up to `heads`.
 *
 * @example await waitUntilIndexed('http://127.0.0.1:42069', await chainHeads(chains), 60_000)
 */
export async function waitUntilIndexed(
  url: string,
  heads: ChainFingerprints,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await hasIndexed(url, heads).catch(() => false)) return
    if (Date.now() > deadline)
      throw new Error(`the EVM indexer at ${url} did not catch up within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function hasIndexed(url: string, heads: ChainFingerprints): Promise<boolean> {
  const ready = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) })
  if (!ready.ok) return false
  const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2_000) })
  const status = (await response.json()) as Record<string, { block?: { number: number } }>
  return Object.entries(heads).every(
    ([chainId, head]) =>
      (status[chainName(Number(chainId))]?.block?.number ?? -1) >= Number(head.blockNumber),
  )
}
