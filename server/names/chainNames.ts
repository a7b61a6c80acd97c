/**
 * Names as the chain holds them, read the way a wallet reads ENS: through the universal
 * resolver (forward, primary name, text records) and the registry (who owns a name).
 * Reads never throw for a name that does not exist: they answer null.
 */
import {
  type Address,
  createPublicClient,
  getAddress,
  http,
  namehash,
  type PublicClient,
  toCoinType,
  zeroAddress,
} from 'viem'
import { normalize } from 'viem/ens'
import { ensRegistryAbi } from './ensAbis.js'

/** The ENS deployment a names service reads and writes. */
export type EnsDeployment = {
  /** The chain ENS lives on (Ethereum mainnet: 1) and its JSON-RPC URL. */
  chainId: number
  rpcUrl: string
  /** The ENS registry. */
  registry: Address
  /** The resolver the service sets its names' records on (a PublicResolver). */
  publicResolver: Address
  /** The universal resolver reads go through. */
  universalResolver: Address
}

/** A name as the chain answers it: its addresses by coin type and its text records. */
export type ChainName = {
  name: string
  addresses: Record<string, Address>
  attributes: Record<string, string>
}

/** The text records a profile shows, by the attribute name the API answers them under. */
export const PROFILE_TEXTS = { avatar: 'avatar', bio: 'description' } as const

/**
 * Whether `name` can be read at all (ENS normalisation); a name that cannot is none.
 *
 * @example normalizedName('Alice.eth') // 'alice.eth'
 */
export function normalizedName(name: string): string | undefined {
  try {
    return normalize(name)
  } catch {
    return undefined
  }
}

/**
 * @example
 * const chain = chainNames(deployment)
 * await chain.primaryName('0xf39F…2266') // 'alice.eth'
 */
export function chainNames(deployment: EnsDeployment, client?: PublicClient) {
  const reader = client ?? createPublicClient({ transport: http(deployment.rpcUrl) })
  const universalResolverAddress = deployment.universalResolver

  async function addressOf(name: string, coinType: bigint): Promise<Address | undefined> {
    const found = await reader.getEnsAddress({ name, coinType, universalResolverAddress })
    return found && found !== zeroAddress ? getAddress(found) : undefined
  }

  return {
    /** The address's primary name (its reverse record, checked forward), or null. */
    async primaryName(address: Address): Promise<string | null> {
      return reader.getEnsName({ address, universalResolverAddress })
    },

    /** A text record of `name` (e.g. `avatar`), or null. */
    async text(name: string, key: string): Promise<string | null> {
      return reader.getEnsText({ name, key, universalResolverAddress })
    },

    /**
     * `name`'s addresses for Ethereum (60) and for each of `chainIds`, and its profile
     * texts; undefined when the name has no address at all.
     */
    async lookup(name: string, chainIds: readonly number[]): Promise<ChainName | undefined> {
      const coinTypes = [...new Set([60n, ...chainIds.map((id) => toCoinType(id))])]
      const found = await Promise.all(coinTypes.map((coinType) => addressOf(name, coinType)))
      const addresses: Record<string, Address> = {}
      coinTypes.forEach((coinType, i) => {
        const address = found[i]
        if (address) addresses[coinType.toString()] = address
      })
      if (Object.keys(addresses).length === 0) return undefined
      const attributes: Record<string, string> = {}
      for (const [attribute, key] of Object.entries(PROFILE_TEXTS)) {
        const value = await this.text(name, key)
        if (value) attributes[attribute] = value
      }
      return { name, addresses, attributes }
    },

    /** The registry owner of `name`, or undefined when nobody owns it. */
    async ownerOf(name: string): Promise<Address | undefined> {
      const owner = await reader.readContract({
        address: deployment.registry,
        abi: ensRegistryAbi,
        functionName: 'owner',
        args: [namehash(name)],
      })
      return owner === zeroAddress ? undefined : owner
    },
  }
}

export type ChainNames = ReturnType<typeof chainNames>
