import type { PluginContext } from 'latchkit'
import { watchServedFeatures } from 'latchkit/internal'
import type { SiweState, SiweVerifier } from './types'

/** `https://api.example/` and `https://api.example` name the same server. */
const base = (url: string) => url.replace(/\/+$/, '')

/**
 * Whether sign-in can be offered, as far as the plugin knows before it asks the verifier
 * anything. A verifier on the app's Blockchain API (`httpVerifier(blockchainUrl)`) is asked
 * about through `GET /v1/features` (`siwe: false`: the server has no verifier, its routes
 * answer 501 `SIWE_NOT_CONFIGURED`), and the sign view waits for that answer, so it never
 * offers a sign-in that can only fail. Any other verifier is offered until its own nonce
 * request answers 501 (see `isNotServed`).
 */
export interface SignInServed {
  /** True while the answer is awaited: the sign view is not opened yet. */
  pending(): boolean
}

/**
 * @example
 * const served = watchSignInServed(ctx, verifier, evaluate)
 * if (served.pending()) return
 */
export function watchSignInServed(
  ctx: PluginContext<SiweState>,
  verifier: SiweVerifier,
  onKnown: () => void,
): SignInServed {
  const api = ctx.api.url('blockchain')
  if (verifier.url === undefined || api === undefined || base(verifier.url) !== base(api)) {
    return { pending: () => false }
  }
  let pending = true
  watchServedFeatures(
    ctx,
    (served) => {
      pending = false
      const absent = served.siwe === false
      if (absent !== ctx.state.get().unavailable) {
        ctx.state.set((draft) => {
          draft.unavailable = absent
        })
      }
      onKnown()
    },
    () => {
      // An API that cannot say: sign-in is offered, as before.
      pending = false
      onKnown()
    },
  )
  return { pending: () => pending }
}

/**
 * Whether a verifier's failure says the server has no verifier: a 501 (the reference
 * server's `SIWE_NOT_CONFIGURED`), which `httpVerifier` throws as an HttpError with its
 * `status`; a verifier of your own may throw any error with `status: 501`.
 */
export function isNotServed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error as { status: unknown }).status === 501
  )
}
