/**
 * The RPC forwarder. Only a logged-in frame reads and sends through here (it asks only once
 * the keys are unlocked, which takes a session): without one, the forwarder would be an
 * open relay to the configured RPCs, their keys and quotas.
 */
import { Hono } from 'hono'
import { parseInput, readBody } from '../../api/parseInput.js'
import { FrameServiceError } from '../errors.js'
import type { FrameContext } from '../frameContext.js'
import { forwardRpc, rpcCall } from '../rpcForward.js'
import * as schemas from '../schemas.js'

export function rpcRoutes(ctx: FrameContext): Hono {
  const routes = new Hono()

  routes.post('/v1/rpc/:caip2', ctx.liveSession, async (c) => {
    const chain = parseInput(schemas.caip2, c.req.param('caip2'), 'POST /v1/rpc/:caip2')
    const rpcUrl = ctx.chains.get(chain)
    if (!rpcUrl) throw new FrameServiceError('UNKNOWN_CHAIN')
    const call = await readBody(c, rpcCall, `POST /v1/rpc/${chain}`)
    const { status, body } = await forwardRpc(rpcUrl, chain, call)
    return c.body(body, status as 200, { 'content-type': 'application/json' })
  })

  return routes
}
