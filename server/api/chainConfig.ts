/**
 * What the API serves about one EVM chain: where its JSON-RPC is, and which assets it
 * reports. Balances, prices, history and swaps cover the native currency and the listed
 * tokens only; NFTs come from the listed ERC-721 collections (enumerable ones: the API
 * reads them with `tokenOfOwnerByIndex`). Balances are read from the chain directly, so an
 * unlisted token has none; history (from the indexer) shows any token, named by what its
 * contract says.
 */
import type { Address } from 'viem'

export type NativeCurrency = { name: string; symbol: string; decimals: number; iconUrl?: string }

export type ChainToken = {
  address: Address
  name: string
  symbol: string
  decimals: number
  /** A `data:image/...` or https URL; never markup. */
  iconUrl?: string
}

export type ChainNftCollection = {
  address: Address
  name: string
  symbol: string
  /** Unsolicited airdrops: history flags its transfers as spam (`nft_info.flags.is_spam`). */
  spam?: boolean
}

export type ChainConfig = {
  chainId: number
  rpcUrl: string
  /** What people call the chain, e.g. 'Ethereum' (the on-ramp options show it). Default `Chain <id>`. */
  name?: string
  /** Default Ether (ETH, 18 decimals). */
  nativeCurrency?: NativeCurrency
  tokens?: readonly ChainToken[]
  nftCollections?: readonly ChainNftCollection[]
}

export const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The conventional address of a chain's native currency in the convert API. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
