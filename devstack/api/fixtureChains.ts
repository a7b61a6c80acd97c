/**
 * The devstack's chains as the API service is configured for them: the fixture tokens and
 * the fixture NFT collection at their deployed addresses, with generated icons, and the
 * local Solana endpoint with its fixture mints.
 */
import type { Address } from 'viem'
import type { ChainConfig } from '../../server/api/chainConfig.js'
import type { SolanaChainConfig } from '../../server/api/solanaReader.js'
import {
  type FixtureContractKey,
  type FixtureTokenKey,
  fixtureContracts,
  fixtureNft,
  fixtureSpamNft,
  fixtureTokens,
} from '../fixtures.js'
import type { SolanaFixtureMint } from '../solana/fixtures.js'
import { tokenIconDataUri } from './icons.js'
import { fixtureHues, solanaFixtureHues } from './prices.js'

/** A local chain to serve; `startChains().chains` fits as is. */
export type ApiChain = {
  chainId: number
  rpcUrl: string
  /** Fixture contract addresses; default the fixed `fixtureContracts`. */
  contracts?: Record<FixtureContractKey, Address>
}

/** The local Solana endpoint to serve (`startSolanaRpc()` gives each field). */
export type ApiSolanaChain = {
  rpcUrl: string
  genesisHash: string
  /** The mints it seeds, by symbol. */
  mints: Readonly<Record<string, SolanaFixtureMint>>
}

const tokenKeys = Object.keys(fixtureTokens) as FixtureTokenKey[]

/**
 * @example toChainConfig({ chainId: 31337, rpcUrl }) // ETH, LUSD, LTK, ZDT, Latch Punks and the spam collection
 */
export function toChainConfig(chain: ApiChain): ChainConfig {
  const contracts = chain.contracts ?? fixtureContracts
  return {
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    name: `Latch Local ${chain.chainId}`,
    nativeCurrency: {
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
      iconUrl: tokenIconDataUri('ETH', fixtureHues.native),
    },
    tokens: tokenKeys.map((key) => ({
      address: contracts[key],
      name: fixtureTokens[key].name,
      symbol: fixtureTokens[key].symbol,
      decimals: fixtureTokens[key].decimals,
      iconUrl: tokenIconDataUri(fixtureTokens[key].symbol, fixtureHues[key]),
    })),
    nftCollections: [
      { address: contracts.LPNK, name: fixtureNft.name, symbol: fixtureNft.symbol },
      { address: contracts.SPAM, name: fixtureSpamNft.name, symbol: fixtureSpamNft.symbol, spam: true },
    ],
  }
}

export function toSolanaChainConfig(chain: ApiSolanaChain): SolanaChainConfig {
  const hue = (symbol: string) => solanaFixtureHues[symbol] ?? 0
  return {
    rpcUrl: chain.rpcUrl,
    genesisHash: chain.genesisHash,
    mints: Object.values(chain.mints).map((mint) => ({
      address: mint.address,
      name: mint.name,
      symbol: mint.symbol,
      decimals: mint.decimals,
      iconUrl: tokenIconDataUri(mint.symbol, hue(mint.symbol)),
    })),
    nativeIconUrl: tokenIconDataUri('SOL', hue('SOL')),
  }
}
