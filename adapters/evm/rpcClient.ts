/**
 * A JSON-RPC client for a node's HTTP URL, shaped as an EIP-1193 provider so the read
 * actions take it or a wallet alike. Built on the kernel's fetch wrapper and retry loop,
 * with viem's http transport defaults: 10 s timeout, 3 retries 150 ms doubling (the
 * kernel's request retry policy), retried only on the transient HTTP statuses and RPC codes.
 */
import { createHttpClient, parseWith, requestRetryPolicy, withRetry } from 'latchkit/internal'
import * as z from 'zod/mini'
import type { Eip1193Provider } from './provider'

const RPC_TIMEOUT_MS = 10_000

/** A JSON-RPC 2.0 response: a result, or an error with a numeric code. */
const responseSchema = z.union([
  z.object({
    error: z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) }),
  }),
  z.object({ result: z.unknown() }),
])

/**
 * Creates the client. A JSON-RPC error is thrown as `{ code, message, data }`, which the
 * adapter's `request` maps to the kernel's RPC error classes like a wallet's.
 *
 * @example
 * const rpc = createRpcClient(mainnet.rpcUrls.default.http[0])
 * await rpc.request({ method: 'eth_gasPrice' }) // '0x3b9aca00'
 */
export function createRpcClient(url: string): Eip1193Provider {
  const http = createHttpClient({ baseUrl: url, timeoutMs: RPC_TIMEOUT_MS })
  let id = 0
  return {
    request: ({ method, params = [] }) =>
      withRetry(async () => {
        const body = { jsonrpc: '2.0', id: ++id, method, params }
        const answer = parseWith(responseSchema, await http.post('', { body }), `${method} response`)
        if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error)
        return answer.result
      }, requestRetryPolicy),
  }
}
