/**
 * How far an index has come, as one number from 0 to 1: the chain furthest behind decides.
 * The EVM index reads every chain from its first block, so a chain's share is the blocks
 * indexed over the blocks to reach.
 */
import type { IndexProgress } from '../indexer/evm/waitUntilIndexed.js'

/**
 * The share of the chain's blocks indexed, from 0 to 1, rounded down to a thousandth (so
 * 99.96 % never reads as done); undefined when it cannot say.
 *
 * @example blockFraction(420, 1000) // 0.42
 */
export function blockFraction(indexed: number | null, head: number | null): number | undefined {
  if (indexed === null || head === null || head < 0) return undefined
  if (head === 0 || indexed >= head) return indexed >= head ? 1 : 0
  return Math.floor((Math.max(0, indexed) / head) * 1000) / 1000
}

/**
 * The fraction of a reading of the EVM indexer (`startEvmIndexer`'s `onProgress`): the
 * chain furthest behind; 0 while no chain has an indexed block, undefined while it does not answer.
 *
 * @example evmIndexFraction({ ready: false, chains: [{ chainId: 1, indexed: 50, target: 200 }] }) // 0.25
 */
export function evmIndexFraction(progress: IndexProgress): number | undefined {
  if (!progress) return undefined
  const shares = progress.chains.map((chain) => blockFraction(chain.indexed ?? 0, chain.target) ?? 0)
  const least = shares.length === 0 ? 0 : Math.min(...shares)
  // The backfill is not done until Ponder says so, whatever the blocks say.
  return progress.ready ? least : Math.min(least, 0.999)
}
