import type { CaipNetworkId } from 'latchkit'
import { identityKey, kept } from './ensCaches'
import type { EnsContext } from './ensContext'
import { identitySchema } from './ensSchemas'
import type { Identity } from './state'

/**
 * The name and avatar of `address` on `caipNetworkId` (`GET /v1/identity/{address}`),
 * kept 5 minutes; rejects when the API could not answer (nothing is kept then).
 *
 * @example
 * const { name, avatar } = await readIdentity(context, address, 'eip155:1')
 */
export function readIdentity(
  { kernel, caches }: EnsContext,
  address: string,
  caipNetworkId: CaipNetworkId,
): Promise<Identity> {
  return kept(caches.identities, identityKey(address, caipNetworkId), async () => {
    const answer = await kernel.api.request({
      path: `v1/identity/${encodeURIComponent(address)}`,
      query: { chainId: caipNetworkId },
      chainId: caipNetworkId,
      schema: identitySchema,
      endpoint: 'GET /v1/identity/{address}',
    })
    return { name: answer.name ?? undefined, avatar: answer.avatar ?? undefined }
  })
}
