import type { SolanaSendOptions } from './sendOptions'

type Commitment = 'processed' | 'confirmed' | 'finalized'

/** Older clients still send the legacy names; nodes read them as these three. */
const legacyCommitments: Record<string, Commitment> = {
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
}

/**
 * A commitment as current RPC clients and wallets take it.
 *
 * @example
 * toCommitment('singleGossip') // 'confirmed'
 */
export function toCommitment(value: SolanaSendOptions['preflightCommitment']): Commitment | undefined {
  if (value === undefined) return undefined
  return legacyCommitments[value] ?? (value as Commitment)
}
