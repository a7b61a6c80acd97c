import type { Network } from 'latchkit'
import { clusterOf } from './chains'

/** Solscan serves every public cluster, picked with `?cluster=`. */
const CLUSTER_EXPLORER = 'https://solscan.io'

function explorer(network: Network): { base: string; query: string } | undefined {
  const cluster = clusterOf(network)
  const configured = network.blockExplorers?.default.url.replace(/\/+$/, '')
  if (cluster === 'mainnet')
    return configured ? { base: configured, query: '' } : { base: CLUSTER_EXPLORER, query: '' }
  if (cluster === 'localnet') return configured ? { base: configured, query: '' } : undefined
  // A test cluster: the configured explorer if any, else Solscan, told which cluster.
  return { base: configured ?? CLUSTER_EXPLORER, query: `?cluster=${cluster}` }
}

/**
 * The explorer page of an address; undefined on a local network without an explorer.
 *
 * @example
 * getAddressExplorerUrl('9xQe…', solanaDevnet) // 'https://solscan.io/account/9xQe…?cluster=devnet'
 */
export function getAddressExplorerUrl(address: string, network: Network): string | undefined {
  const target = explorer(network)
  return target ? `${target.base}/account/${encodeURIComponent(address)}${target.query}` : undefined
}

/**
 * The explorer page of a transaction signature.
 *
 * @example
 * getTransactionExplorerUrl('5VER…', solana) // 'https://solscan.io/tx/5VER…'
 */
export function getTransactionExplorerUrl(signature: string, network: Network): string | undefined {
  const target = explorer(network)
  return target ? `${target.base}/tx/${encodeURIComponent(signature)}${target.query}` : undefined
}
