/**
 * What a JSON-RPC client (rpcClient.ts) does once loaded: POSTs over the kernel's fetch
 * wrapper and retry loop, with viem's http transport defaults: 10 s timeout, 3 retries
 * 150 ms doubling (the kernel's request retry policy), retried only on the transient HTTP
 * statuses and RPC codes, all within one overall deadline (15 s by default).
 */
import { parseWith } from 'latchkit/internal'
import { createHttpClient, requestRetryPolicy, withRetry } from 'latchkit/internal/http'
import * as z from 'zod/mini'
import type { Eip1193Provider } from './provider'

const RPC_TIMEOUT_MS = 10_000
/** How long a call may take, every attempt and wait included. */
export const RPC_DEADLINE_MS = 15_000

/** A JSON-RPC 2.0 response: a result, or an error with a numeric code. */
const responseSchema = z.union([
  z.object({
    error: z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) }),
  }),
  z.object({ result: z.unknown() }),
])

/**
 * Creates the transport. A JSON-RPC error is thrown as `{ code, message, data }`, which
 * the adapter's `request` maps to the kernel's RPC error classes like a wallet's.
 *
 * @example
 * const rpc = createRpcTransport('http://127.0.0.1:8545')
 * await rpc.request({ method: 'eth_gasPrice' }) // '0x3b9aca00'
 */
export function createRpcTransport(url: string, deadlineMs = RPC_DEADLINE_MS): Eip1193Provider {
  const http = createHttpClient({ baseUrl: url, timeoutMs: RPC_TIMEOUT_MS })
  let id = 0
  return {
    request: ({ method, params = [] }) =>
      withRetry(
        async (_attempt, signal) => {
          const body = { jsonrpc: '2.0', id: ++id, method, params }
          const answer = parseWith(
            responseSchema,
            await http.post('', { body, signal }),
            `${method} response`,
          )
          if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error)
          return answer.result
        },
        requestRetryPolicy,
        { deadlineMs },
      ),
  }
}
