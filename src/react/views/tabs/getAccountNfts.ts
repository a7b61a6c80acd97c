/**
 * The account's NFTs from the Blockchain API: the NFTs tab's endpoint, declared by the tab
 * as a plugin declares its own.
 */
import type { CaipNetworkId, KernelApi } from 'latchkit'
import { PORTFOLIO_TTL_MS } from 'latchkit/internal'
import * as z from 'zod/mini'

/** Text or a number, read as text. */
const numericText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
)
const optionalText = z.optional(z.nullable(z.string()))

const nftSchema = z.looseObject({
  chainId: z.string(),
  contract: z.string(),
  tokenId: numericText,
  name: z.string(),
  description: optionalText,
  imageUrl: optionalText,
  collection: z.optional(z.nullable(z.looseObject({ name: z.string(), symbol: optionalText }))),
})

const accountNftsSchema = z.looseObject({ data: z.array(nftSchema) })

/** One NFT the account holds. */
export type Nft = z.output<typeof nftSchema>

export interface GetAccountNftsParameters {
  address: string
  chainId: CaipNetworkId
  /** Skip the 30 s cache (after a transaction). */
  forceUpdate?: boolean
  signal?: AbortSignal
}

/**
 * GET /v1/account/{address}/nfts (served by Latchkit's API server; a self-hosted API can
 * serve it too); kept 30 s unless `forceUpdate`. Throws API_NOT_CONFIGURED without an API
 * and UNSUPPORTED_CHAIN for a network the app does not list.
 *
 * @example
 * const nfts = await getAccountNfts(kernel.api, { address, chainId: 'eip155:1' })
 */
export async function getAccountNfts(
  api: KernelApi,
  { address, chainId, forceUpdate, signal }: GetAccountNftsParameters,
): Promise<Nft[]> {
  const answer = await api.request({
    path: `v1/account/${encodeURIComponent(address)}/nfts`,
    endpoint: 'GET /v1/account/{address}/nfts',
    query: { chainId },
    chainId,
    schema: accountNftsSchema,
    cache: { ttlMs: PORTFOLIO_TTL_MS, key: `nfts ${chainId} ${address}` },
    fresh: forceUpdate,
    signal,
  })
  return answer.data
}
