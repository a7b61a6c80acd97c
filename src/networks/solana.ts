/**
 * The three public Solana clusters. A CAIP-2 Solana reference is the first 32 characters
 * of the cluster's genesis hash. Solana explorers pick the cluster with a `?cluster=`
 * query, so only mainnet carries an explorer URL that links correctly on its own.
 */
import { defineNetwork } from './defineNetwork'

/** Solana mainnet-beta. */
export const solana = /*#__PURE__*/ defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
})

/** Solana testnet. */
export const solanaTestnet = /*#__PURE__*/ defineNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSRkCaC',
  name: 'Solana Testnet',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  testnet: true,
})

/** Solana devnet. */
export const solanaDevnet = /*#__PURE__*/ defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd',
  name: 'Solana Devnet',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  testnet: true,
})
