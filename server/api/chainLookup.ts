/**
 * How routes turn the chain and asset ids of a request into what the API serves, refusing
 * with a 400 that lists the served chains when a request names another.
 */
import type { Address } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from './chainConfig.js'
import type { ChainReader } from './chainReader.js'
import { BadRequest, clip } from './httpErrors.js'
import type { SolanaReader } from './solanaReader.js'

/** A served asset named by a CAIP-10 address (the native currency as {@link NATIVE_TOKEN_ADDRESS}). */
export type ServedAsset = {
  chainId: number
  /** CAIP-2 of its chain. */
  caip2: string
  /** The token contract; absent for the native currency. */
  address?: Address
  name: string
  symbol: string
  decimals: number
  iconUrl?: string
}

export type ChainLookup = ReturnType<typeof createChainLookup>

/**
 * @example
 * const chains = createChainLookup(reader, solana)
 * chains.servedChain('eip155:31337') // 31337, or a BadRequest
 */
export function createChainLookup(reader: ChainReader, solana: SolanaReader | undefined) {
  /** The numeric id of a served EVM chain. */
  function servedChain(chainId: string): number {
    const [namespace, reference] = chainId.split(':')
    const id = Number(reference)
    if (namespace !== 'eip155' || !Number.isInteger(id) || !reader.has(id)) {
      throw new BadRequest(
        `chainId: ${clip(chainId)} is not served by this API (served: ${reader
          .chainIds()
          .map((c) => `eip155:${c}`)
          .join(', ')})`,
      )
    }
    return id
  }

  return {
    servedChain,

    /** The chains of a CAIP-2 filter: one served chain, or all of them when absent. */
    chainsOf(chainId: string | undefined): number[] {
      if (chainId === undefined) return reader.chainIds()
      return [servedChain(chainId)]
    },

    /** Which served asset a CAIP-10 token address names, if any (its chain must be served). */
    assetOf(caipAddress: string): ServedAsset | undefined {
      const [namespace, reference, tokenAddress] = caipAddress.split(':') as [string, string, string]
      const caip2 = `${namespace}:${reference}`
      const chainId = servedChain(caip2)
      if (tokenAddress.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
        const { name, symbol, decimals, iconUrl } = reader.nativeCurrency(chainId)
        return { chainId, caip2, name, symbol, decimals, ...(iconUrl !== undefined && { iconUrl }) }
      }
      const token = reader.token(chainId, tokenAddress)
      if (!token) return undefined
      const { address, name, symbol, decimals, iconUrl } = token
      return { chainId, caip2, address, name, symbol, decimals, ...(iconUrl !== undefined && { iconUrl }) }
    },

    /**
     * A request about a Solana account: the owner and the Solana reader, when the address is
     * a Solana one and the chain (if named) is the served Solana chain; undefined for EVM.
     */
    solanaOwner(
      owner: string,
      chainId: string | undefined,
    ): { owner: string; reader: SolanaReader } | undefined {
      if (!solana?.isAddress(owner)) return undefined
      if (chainId !== undefined && chainId !== solana.chainId) {
        throw new BadRequest(
          `chainId: ${clip(chainId)} is not the Solana chain this API serves (${solana.chainId})`,
        )
      }
      return { owner, reader: solana }
    },
  }
}
