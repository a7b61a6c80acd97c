/**
 * What the API serves about one EVM chain: where its JSON-RPC is, and which assets it
 * reports. Balances, prices, history and swaps cover the native currency and the listed
 * tokens only; NFTs come from the listed ERC-721 collections (enumerable ones: the API
 * reads them with `tokenOfOwnerByIndex`). Nothing is discovered: an unlisted token is
 * invisible, as the chain is read directly and there is no indexer.
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

export type ChainNftCollection = { address: Address; name: string; symbol: string }

export type ChainConfig = {
  chainId: number
  rpcUrl: string
  /** Default Ether (ETH, 18 decimals). */
  nativeCurrency?: NativeCurrency
  tokens?: readonly ChainToken[]
  nftCollections?: readonly ChainNftCollection[]
}

export const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The conventional address of a chain's native currency in the convert API. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
