/**
 * `/v1/rpc/:caip2`: the frame's reads and raw sends, forwarded to the chain's configured
 * RPC URL (which stays on the server). Only an allowlist of standard methods goes through:
 * EVM reads and `eth_sendRawTransaction`, and the Solana reads and sends the frame needs.
 * Any other method is answered here with JSON-RPC error -32601, never forwarded: a node's
 * admin methods and anything signing with the node's own keys stay out of reach.
 */
import * as z from 'zod/mini'
import { FrameServiceError } from './errors.js'

/** The EVM methods forwarded. */
export const EVM_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
])

/** The Solana methods forwarded. */
export const SOLANA_RPC_METHODS: ReadonlySet<string> = new Set([
  'getBalance',
  'getLatestBlockhash',
  'sendTransaction',
  'getSignatureStatuses',
  'getAccountInfo',
  'getMinimumBalanceForRentExemption',
  'getFeeForMessage',
  'simulateTransaction',
])

/** The JSON-RPC error code for a method the service does not forward. */
export const METHOD_NOT_FOUND = -32601

export const rpcCall = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().check(z.maxLength(128)), z.number(), z.null()]),
  method: z.string().check(z.minLength(1), z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})

export type RpcCall = z.output<typeof rpcCall>

/** The allowlist for a CAIP-2 chain id's namespace. */
export function methodsFor(caip2: string): ReadonlySet<string> {
  return caip2.startsWith('solana:') ? SOLANA_RPC_METHODS : EVM_RPC_METHODS
}

/**
 * The chain's answer to an allowed call, or the -32601 answer for any other: status and body.
 *
 * @example
 * const { status, body } = await forwardRpc('http://127.0.0.1:8545', 'eip155:31337', call)
 */
export async function forwardRpc(
  rpcUrl: string,
  caip2: string,
  call: RpcCall,
): Promise<{ status: number; body: string }> {
  if (!methodsFor(caip2).has(call.method)) {
    const answer = {
      jsonrpc: '2.0',
      id: call.id,
      error: { code: METHOD_NOT_FOUND, message: 'Requested RPC call is not allowed' },
    }
    return { status: 200, body: JSON.stringify(answer) }
  }
  let upstream: Response
  let text: string
  try {
    upstream = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: call.id, method: call.method, params: call.params ?? [] }),
      signal: AbortSignal.timeout(30_000),
    })
    text = await upstream.text()
  } catch {
    throw new FrameServiceError('CHAIN_UNAVAILABLE')
  }
  if (upstream.status >= 500 || text === '') throw new FrameServiceError('CHAIN_UNAVAILABLE')
  return { status: upstream.status, body: text }
}
