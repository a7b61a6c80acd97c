/**
 * What the server knows of a history indexer it runs: the source the history route reads,
 * where the indexer stands (for `/readyz` and `/metrics`), and how to stop it.
 */
import type { HistorySource } from '../api/historySource.js'
import type { SupervisedState } from './superviseIndexer.js'

/**
 * Where an indexer run by the server stands: starting (the process boots, its database
 * opens), catching up with the chains (`progress` from 0 to 1), ready, or waiting to be
 * started again after `failures` failed starts.
 */
export type IndexerStatus =
  | { state: 'starting' }
  | { state: 'catching-up'; progress?: number }
  | { state: 'ready'; progress: 1 }
  | { state: 'retrying'; failures: number }
  | { state: 'stopped' }

export type RunningHistory = {
  /** How `/readyz`, `/metrics` and the log name it, e.g. `history-evm`. */
  service: string
  /** What `GET /v1/account/{address}/history` reads; "not ready, this far" until caught up. */
  source: HistorySource
  status(): IndexerStatus
  /** Stops the indexer, or abandons a start under way. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * The status a supervised indexer's state stands for: what both indexers report when their
 * supervisor moves (progress while catching up is reported by each indexer itself).
 *
 * @example statusOfSupervised('retrying', 2) // { state: 'retrying', failures: 2 }
 */
export function statusOfSupervised(state: SupervisedState, failures: number): IndexerStatus {
  if (state === 'starting') return { state: 'starting' }
  if (state === 'ready') return { state: 'ready', progress: 1 }
  if (state === 'retrying') return { state: 'retrying', failures }
  return { state: 'stopped' }
}
