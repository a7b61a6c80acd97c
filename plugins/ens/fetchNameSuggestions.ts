import type { Kernel } from 'latchkit'
import { ensFailure } from './ensFailure'
import { suggestionsSchema } from './ensSchemas'
import { evmNetworkId } from './evmNetworkId'
import type { NameSuggestion } from './state'

export interface FetchNameSuggestionsParameters {
  /** What the visitor typed (a label). */
  label: string
  /** The zone the names are in. */
  zone: string
  signal?: AbortSignal
}

/**
 * Names like `label` in `zone` (`GET /v1/profile/suggestions/{name}?zone=`): the typed one
 * first, then a few free variants, each said to be free or taken. Never kept: a name may
 * be taken a second later. Rejects with ENS_SUGGESTIONS_FAILED: the API's reason, or
 * 'Error fetching name suggestions'.
 *
 * @example
 * await fetchNameSuggestions(kernel, { label: 'alice', zone: 'latch.id' })
 * // [{ name: 'alice.latch.id', registered: true }, { name: 'alice1.latch.id', registered: false }]
 */
export async function fetchNameSuggestions(
  kernel: Kernel,
  { label, zone, signal }: FetchNameSuggestionsParameters,
): Promise<NameSuggestion[]> {
  try {
    const answer = await kernel.api.request({
      path: `v1/profile/suggestions/${encodeURIComponent(label.toLowerCase())}`,
      query: { zone },
      chainId: evmNetworkId(kernel),
      schema: suggestionsSchema,
      endpoint: 'GET /v1/profile/suggestions/{name}',
      cache: 'no-cache',
      signal,
    })
    return answer.suggestions.map(({ name, registered }) => ({ name, registered }))
  } catch (error) {
    throw ensFailure('ENS_SUGGESTIONS_FAILED', error)
  }
}
