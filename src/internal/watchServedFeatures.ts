/**
 * What the Blockchain API's configuration serves (`GET /v1/features`), for plugins that
 * hide or disable their entry points when their service is absent. Generic: the kernel
 * names no feature; each plugin reads its own field of the answer.
 */
import * as z from 'zod/mini'
import type { KernelServices } from '../kernel/kernelTypes'
import { onActiveAccountChange } from '../kernel/onActiveAccountChange'

/**
 * The answer as sent: a field per feature (`names`, `onramp`, `history`: booleans;
 * `swapChains`: CAIP-2 ids), read loosely so a newer server's fields pass through.
 */
export type ServedFeatures = Readonly<Record<string, unknown>>

const servedFeaturesSchema = z.record(z.string(), z.unknown())

/** How long an answer is kept: a server's configuration changes with a restart, not a visit. */
const SERVED_FEATURES_TTL_MS = 10 * 60_000

/**
 * Asks the Blockchain API what it serves once an account is in view (then on each account
 * change, from the kernel's cache: one request for every plugin that asks), and hands the
 * answer to `onAnswer`. Says nothing when no Blockchain API is configured or it cannot
 * answer (an older server without the route): a plugin then keeps its entry points, as
 * before; `onNoAnswer`, when given, hears that it will not be told (a plugin that waits for
 * the answer before offering a flow stops waiting). Returns the function that stops watching.
 *
 * @example
 * watchServedFeatures(ctx, (served) => ctx.state.set((s) => { s.served = served.onramp !== false }))
 */
export function watchServedFeatures(
  services: Pick<KernelServices, 'api' | 'bus' | 'store' | 'logger'>,
  onAnswer: (served: ServedFeatures) => void,
  onNoAnswer?: () => void,
): () => void {
  const { api, store, logger } = services
  if (!api.url('blockchain')) {
    onNoAnswer?.()
    return () => {}
  }
  let stopped = false
  const ask = () => {
    const state = store.getState()
    if (!state.activeNamespace || !state.accounts[state.activeNamespace]?.address) return
    api
      .request({
        path: 'v1/features',
        endpoint: 'GET /v1/features',
        gated: false,
        schema: servedFeaturesSchema,
        cache: { ttlMs: SERVED_FEATURES_TTL_MS, key: 'served features' },
      })
      .then(
        (served) => {
          if (!stopped) onAnswer(served)
        },
        (error: unknown) => {
          logger.debug('the API did not say what it serves; every feature is offered', error)
          if (!stopped) onNoAnswer?.()
        },
      )
  }
  const off = onActiveAccountChange(services, ask)
  ask()
  return () => {
    stopped = true
    off()
  }
}
