import type { CaipNetworkId } from 'latchkit'
import { httpErrorOf } from './apiReason'
import { kept } from './ensCaches'
import type { EnsContext } from './ensContext'
import { ensFailure } from './ensFailure'
import { type NameProfile, nameProfileSchema } from './ensSchemas'

/**
 * Where `name` points (`GET /v1/profile/account/{name}`), kept 5 minutes: undefined for a
 * name the API does not know (404). Any other failure rejects with ENS_RESOLVE_FAILED:
 * the API's reason, or 'Error resolving name'. `caipNetworkId` is the network the lookup
 * is for (the API is asked only for the app's networks).
 *
 * @example
 * const profile = await readNameProfile(context, 'alice.eth', 'eip155:1')
 * profile?.addresses['60']?.address // '0xf39F…'
 */
export function readNameProfile(
  { kernel, caches }: EnsContext,
  name: string,
  caipNetworkId: CaipNetworkId,
): Promise<NameProfile | undefined> {
  return kept(caches.profiles, name.toLowerCase(), async () => {
    try {
      return await kernel.api.request({
        path: `v1/profile/account/${encodeURIComponent(name)}`,
        chainId: caipNetworkId,
        schema: nameProfileSchema,
        endpoint: 'GET /v1/profile/account/{name}',
      })
    } catch (error) {
      if (httpErrorOf(error)?.status === 404) return undefined
      throw ensFailure('ENS_RESOLVE_FAILED', error)
    }
  })
}
