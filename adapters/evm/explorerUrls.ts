import type { Network } from 'latchkit'

function explorerBase(network: Network): string | undefined {
  return network.blockExplorers?.default.url.replace(/\/+$/, '')
}

/**
 * The explorer page of an address, from the network's block explorer; undefined when the
 * network has none (a local chain).
 *
 * @example
 * getAddressExplorerUrl('0xab16…', mainnet) // 'https://etherscan.io/address/0xab16…'
 */
export function getAddressExplorerUrl(address: string, network: Network): string | undefined {
  const base = explorerBase(network)
  return base ? `${base}/address/${encodeURIComponent(address)}` : undefined
}

/**
 * The explorer page of a transaction; undefined when the network has no explorer.
 *
 * @example
 * getTransactionExplorerUrl('0x5c50…', base) // 'https://basescan.org/tx/0x5c50…'
 */
export function getTransactionExplorerUrl(hash: string, network: Network): string | undefined {
  const base = explorerBase(network)
  return base ? `${base}/tx/${encodeURIComponent(hash)}` : undefined
}
