/**
 * Call traces of a whole block, straight from the node rather than through Ponder's RPC
 * client: that client retries a failed call for about a minute, and a refusal to trace is
 * an answer here, not a fault. anvil, for one, will not trace blocks it restored with
 * `--load-state` or that have left its in-memory history.
 */
import { type Hex, toHex } from 'viem'
import type { CallFrame } from './nativeTransfers.js'

/**
 * The callTracer result of every transaction in the block, by hash; undefined when the
 * node will not trace it (the caller then falls back to each transaction's value).
 *
 * @example const traces = await traceBlock('http://127.0.0.1:8545', 12n)
 */
export async function traceBlock(
  rpcUrl: string,
  blockNumber: bigint,
): Promise<Map<string, CallFrame> | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'debug_traceBlockByNumber',
        params: [toHex(blockNumber), { tracer: 'callTracer' }],
      }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) return undefined
    const body = (await response.json()) as { result?: { txHash?: Hex; result?: CallFrame }[] }
    if (!Array.isArray(body.result)) return undefined
    const traces = new Map<string, CallFrame>()
    for (const entry of body.result) {
      if (entry.txHash && entry.result) traces.set(entry.txHash.toLowerCase(), entry.result)
    }
    return traces
  } catch {
    return undefined
  }
}
