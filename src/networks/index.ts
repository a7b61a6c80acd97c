/**
 * latchkit/networks: CAIP network definitions, one named export per network, no side
 * effects, so a build carries only the networks it imports.
 *
 * @example
 * import { createKernel } from 'latchkit'
 * import { base, mainnet, solana } from 'latchkit/networks'
 *
 * const kernel = createKernel({ networks: [mainnet, base, solana] })
 */

export type { NetworkDefinition } from './defineNetwork'
export { defineNetwork } from './defineNetwork'
export {
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  aurora,
  avalanche,
  base,
  baseSepolia,
  blast,
  bsc,
  celo,
  fantom,
  gnosis,
  holesky,
  linea,
  mainnet,
  mantle,
  moonbeam,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  polygonZkEvm,
  scroll,
  sepolia,
  zksync,
  zora,
} from './evm'
export { localChain } from './localChain'
export { localSolana } from './localSolana'
export { solana, solanaDevnet, solanaTestnet } from './solana'
