/**
 * GET /v1/features: which of the API's optional features this server's configuration
 * serves, so a client can hide or disable what is absent before a visitor starts it,
 * instead of learning it from a 501 `*_NOT_CONFIGURED` (which a browser logs as an error).
 * One small answer, the same for every caller, cheap to keep.
 */
import { Hono } from 'hono'
import type { ApiContext } from '../apiContext.js'
import { readQuery } from '../parseInput.js'
import { projectOnly } from '../schemaParts.js'
import { swapChainIds } from './convert.js'

/**
 * What GET /v1/features answers: each feature's routes answer 501 `<FEATURE>_NOT_CONFIGURED`
 * where this says false (or lists no chain).
 */
export type ServedFeatures = {
  /** Name suggestions and registration (`/v1/profile/suggestions`, `POST /v1/profile/account`). */
  names: boolean
  /** The on-ramp (`/v1/onramp/*`, `/v1/generators/onrampurl`). */
  onramp: boolean
  /** Account history from an index (`/v1/account/{address}/history`). */
  history: boolean
  /** The CAIP-2 chains the convert (swap) routes serve; empty when swaps are not configured. */
  swapChains: string[]
  /**
   * The sign-in verifier under `/siwe/*` on this server; false: those routes answer 501
   * `SIWE_NOT_CONFIGURED`. Only for a siwe plugin whose verifier is this server.
   */
  siwe: boolean
}

export function featureRoutes(ctx: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/v1/features', (c) => {
    readQuery(c, projectOnly, 'GET /v1/features')
    const served: ServedFeatures = {
      names: ctx.names?.register !== undefined,
      onramp: (ctx.onramp?.providers.length ?? 0) > 0,
      history: ctx.history.length > 0,
      swapChains: swapChainIds(ctx),
      siwe: ctx.signIn(),
    }
    return c.json(served)
  })
  return routes
}
