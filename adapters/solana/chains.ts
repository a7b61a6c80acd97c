/**
 * Two names for one Solana network. Latchkit (CAIP-2) names a cluster by its genesis-hash
 * prefix, `solana:5eykt4Us...`; Wallet Standard wallets name it `solana:mainnet`,
 * `solana:devnet`, `solana:testnet` or `solana:localnet`. A few wallets already use the
 * CAIP-2 form, so both are accepted.
 */
import type { Network } from 'latchkit'
import type { StandardWallet } from './walletStandard'

/** Genesis-hash prefix (CAIP-2 reference) of each public cluster -> its cluster name. */
export const SOLANA_CLUSTERS: Readonly<Record<string, 'mainnet' | 'testnet' | 'devnet'>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSRkCaC': 'testnet',
  EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd: 'devnet',
}

/**
 * The public cluster a network is, or 'localnet' for any other Solana network.
 *
 * @example
 * clusterOf(solanaDevnet) // 'devnet'
 */
export function clusterOf(network: Network): 'mainnet' | 'testnet' | 'devnet' | 'localnet' {
  return SOLANA_CLUSTERS[String(network.id)] ?? 'localnet'
}

/**
 * The Wallet Standard chain id of a network, as wallets expect it in sign requests.
 *
 * @example
 * walletChainOf(solana) // 'solana:mainnet'
 */
export function walletChainOf(network: Network): string {
  return `solana:${clusterOf(network)}`
}

/** Whether the wallet lists `network` among its chains, in either naming. */
export function walletSupports(wallet: Pick<StandardWallet, 'chains'>, network: Network): boolean {
  return wallet.chains.includes(walletChainOf(network)) || wallet.chains.includes(network.caipNetworkId)
}
