/**
 * Well-known EVM networks. Chain ids, public RPC endpoints and explorers are the chains'
 * own published values. Public endpoints are rate-limited: production apps should list
 * their own RPC URL first, e.g. `{ ...base, rpcUrls: { default: { http: [myUrl] } } }`.
 */
import { defineNetwork } from './defineNetwork'

/** Ethereum mainnet. Chain id 1. */
export const mainnet = /*#__PURE__*/ defineNetwork({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

/** Ethereum Sepolia testnet. Chain id 11155111. */
export const sepolia = /*#__PURE__*/ defineNetwork({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://ethereum-sepolia-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  testnet: true,
})

/** Ethereum Holesky testnet. Chain id 17000. */
export const holesky = /*#__PURE__*/ defineNetwork({
  id: 17000,
  name: 'Holesky',
  nativeCurrency: { name: 'Holesky Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://ethereum-holesky-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://holesky.etherscan.io' } },
  testnet: true,
})

/** Base (OP Stack L2). Chain id 8453. */
export const base = /*#__PURE__*/ defineNetwork({
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
})

/** Base Sepolia testnet. Chain id 84532. */
export const baseSepolia = /*#__PURE__*/ defineNetwork({
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  testnet: true,
})

/** OP Mainnet (Optimism). Chain id 10. */
export const optimism = /*#__PURE__*/ defineNetwork({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
})

/** OP Sepolia testnet. Chain id 11155420. */
export const optimismSepolia = /*#__PURE__*/ defineNetwork({
  id: 11155420,
  name: 'OP Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.optimism.io'] } },
  blockExplorers: { default: { name: 'Blockscout', url: 'https://optimism-sepolia.blockscout.com' } },
  testnet: true,
})

/** Arbitrum One. Chain id 42161. */
export const arbitrum = /*#__PURE__*/ defineNetwork({
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
})

/** Arbitrum Nova. Chain id 42170. */
export const arbitrumNova = /*#__PURE__*/ defineNetwork({
  id: 42170,
  name: 'Arbitrum Nova',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://nova.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://nova.arbiscan.io' } },
})

/** Arbitrum Sepolia testnet. Chain id 421614. */
export const arbitrumSepolia = /*#__PURE__*/ defineNetwork({
  id: 421614,
  name: 'Arbitrum Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia-rollup.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://sepolia.arbiscan.io' } },
  testnet: true,
})

/** Polygon PoS. Chain id 137. */
export const polygon = /*#__PURE__*/ defineNetwork({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})

/** Polygon Amoy testnet. Chain id 80002. */
export const polygonAmoy = /*#__PURE__*/ defineNetwork({
  id: 80002,
  name: 'Polygon Amoy',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc-amoy.polygon.technology'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://amoy.polygonscan.com' } },
  testnet: true,
})

/** Polygon zkEVM. Chain id 1101. */
export const polygonZkEvm = /*#__PURE__*/ defineNetwork({
  id: 1101,
  name: 'Polygon zkEVM',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://zkevm-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://zkevm.polygonscan.com' } },
})

/** BNB Smart Chain. Chain id 56. */
export const bsc = /*#__PURE__*/ defineNetwork({
  id: 56,
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['https://bsc-dataseed.bnbchain.org'] } },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
})

/** Avalanche C-Chain. Chain id 43114. */
export const avalanche = /*#__PURE__*/ defineNetwork({
  id: 43114,
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
  blockExplorers: { default: { name: 'SnowTrace', url: 'https://snowtrace.io' } },
})

/** Gnosis Chain. Chain id 100. */
export const gnosis = /*#__PURE__*/ defineNetwork({
  id: 100,
  name: 'Gnosis',
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.gnosischain.com'] } },
  blockExplorers: { default: { name: 'Gnosisscan', url: 'https://gnosisscan.io' } },
})

/** ZKsync Era. Chain id 324. */
export const zksync = /*#__PURE__*/ defineNetwork({
  id: 324,
  name: 'ZKsync Era',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.era.zksync.io'] } },
  blockExplorers: { default: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' } },
})

/** Linea. Chain id 59144. */
export const linea = /*#__PURE__*/ defineNetwork({
  id: 59144,
  name: 'Linea',
  nativeCurrency: { name: 'Linea Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.linea.build'] } },
  blockExplorers: { default: { name: 'LineaScan', url: 'https://lineascan.build' } },
})

/** Scroll. Chain id 534352. */
export const scroll = /*#__PURE__*/ defineNetwork({
  id: 534352,
  name: 'Scroll',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.scroll.io'] } },
  blockExplorers: { default: { name: 'Scrollscan', url: 'https://scrollscan.com' } },
})

/** Celo. Chain id 42220. */
export const celo = /*#__PURE__*/ defineNetwork({
  id: 42220,
  name: 'Celo',
  nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  rpcUrls: { default: { http: ['https://forno.celo.org'] } },
  blockExplorers: { default: { name: 'Celoscan', url: 'https://celoscan.io' } },
})

/** Mantle. Chain id 5000. */
export const mantle = /*#__PURE__*/ defineNetwork({
  id: 5000,
  name: 'Mantle',
  nativeCurrency: { name: 'Mantle', symbol: 'MNT', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.mantle.xyz'] } },
  blockExplorers: { default: { name: 'Mantle Explorer', url: 'https://explorer.mantle.xyz' } },
})

/** Blast. Chain id 81457. */
export const blast = /*#__PURE__*/ defineNetwork({
  id: 81457,
  name: 'Blast',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.blast.io'] } },
  blockExplorers: { default: { name: 'Blastscan', url: 'https://blastscan.io' } },
})

/** Zora. Chain id 7777777. */
export const zora = /*#__PURE__*/ defineNetwork({
  id: 7777777,
  name: 'Zora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.zora.energy'] } },
  blockExplorers: { default: { name: 'Zora Explorer', url: 'https://explorer.zora.energy' } },
})

/** Fantom Opera. Chain id 250. */
export const fantom = /*#__PURE__*/ defineNetwork({
  id: 250,
  name: 'Fantom',
  nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpcapi.fantom.network'] } },
  blockExplorers: { default: { name: 'FTMScan', url: 'https://ftmscan.com' } },
})

/** Moonbeam (Polkadot parachain, EVM). Chain id 1284. */
export const moonbeam = /*#__PURE__*/ defineNetwork({
  id: 1284,
  name: 'Moonbeam',
  nativeCurrency: { name: 'Glimmer', symbol: 'GLMR', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.api.moonbeam.network'] } },
  blockExplorers: { default: { name: 'Moonscan', url: 'https://moonscan.io' } },
})

/** Aurora (EVM on NEAR). Chain id 1313161554. */
export const aurora = /*#__PURE__*/ defineNetwork({
  id: 1313161554,
  name: 'Aurora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.aurora.dev'] } },
  blockExplorers: { default: { name: 'Aurora Explorer', url: 'https://explorer.mainnet.aurora.dev' } },
})
