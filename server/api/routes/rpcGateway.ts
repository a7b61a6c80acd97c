/**
 * The RPC gateway, `/v1/?chainId=`: POST forwards a JSON-RPC call or batch to the chain's
 * RPC and returns its answer as is; GET gives the head block. The widget's RPC traffic
 * goes through here, so the chain's own URL (and its key) stays on the server.
 */
import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { HttpFailure } from '../httpErrors.js'
import { parseInput, readBody, readQuery } from '../parseInput.js'
import { chainRequired } from '../schemaParts.js'

const rpcCall = z.looseObject({ jsonrpc: z.literal('2.0'), method: z.string().check(z.minLength(1)) })
const rpcBatch = z.array(rpcCall).check(z.minLength(1), z.maxLength(100))

export function rpcGatewayRoutes({ reader, chains }: ApiContext): Hono {
  const routes = new Hono()
  const gateway = async (c: Context) => {
    const { chainId } = readQuery(c, chainRequired, 'RPC gateway /v1/')
    const id = chains.servedChain(chainId)
    if (c.req.method === 'GET') {
      const blockNumber = await reader.blockNumber(id)
      return c.json({ chainId, blockNumber: blockNumber.toString() })
    }
    const raw = await readBody(c, z.unknown(), 'RPC gateway /v1/')
    const payload = Array.isArray(raw)
      ? parseInput(rpcBatch, raw, 'RPC gateway /v1/ batch')
      : parseInput(rpcCall, raw, 'RPC gateway /v1/')
    let upstream: Response
    try {
      upstream = await fetch(reader.rpcUrl(id), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    } catch {
      throw new HttpFailure(502, `the chain ${chainId} did not answer`)
    }
    return c.body(await upstream.text(), upstream.status as 200, { 'content-type': 'application/json' })
  }
  routes.on(['GET', 'POST'], ['/v1', '/v1/'], gateway)
  return routes
}
