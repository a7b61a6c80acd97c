import { createDefaultRpcTransport, createSolanaRpcFromTransport, type RpcTransport } from '@solana/kit'
import { type Network, TimeoutError } from 'latchkit'
import { latchError } from 'latchkit/internal'

/** The @solana/kit RPC client the adapter reads and sends with. */
export type SolanaRpc = ReturnType<typeof createSolanaRpcFromTransport<RpcTransport>>

/** How long one RPC call may take before it fails with a TimeoutError. */
export const SOLANA_RPC_DEADLINE_MS = 15_000

/**
 * @solana/kit's default transport (no timeout of its own) with one deadline per call: a
 * node that never answers fails the call with a TimeoutError ('Request timed out') after
 * `deadlineMs`, and the caller's own abort signal still works.
 *
 * @example
 * const rpc = createSolanaRpcFromTransport(withDeadline(createDefaultRpcTransport({ url }), 15_000))
 */
export function withDeadline(transport: RpcTransport, deadlineMs: number): RpcTransport {
  return async (config) => {
    const deadline = new AbortController()
    const timer = setTimeout(
      () => deadline.abort(new TimeoutError(`no answer from the Solana RPC within ${deadlineMs} ms`)),
      deadlineMs,
    )
    const signal = config.signal ? AbortSignal.any([config.signal, deadline.signal]) : deadline.signal
    try {
      return await transport({ ...config, signal })
    } catch (error) {
      // The transport rejects with the abort reason, or with its own error wrapping it.
      throw deadline.signal.aborted ? deadline.signal.reason : error
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * One RPC client per network and URL, made on first use and reused after; the cache lives
 * in the adapter instance, never in the module.
 *
 * @example
 * const rpcFor = createRpcCache()
 * await rpcFor(solanaDevnet).getSlot().send()
 */
export function createRpcCache(deadlineMs = SOLANA_RPC_DEADLINE_MS): (network: Network) => SolanaRpc {
  const clients = new Map<string, SolanaRpc>()
  return (network) => {
    const url = network.rpcUrls.default.http[0]
    if (!url) {
      throw latchError('NO_ACTIVE_CAIP_NETWORK', {}, { details: `${network.caipNetworkId} has no RPC URL` })
    }
    const key = `${network.caipNetworkId} ${url}`
    let client = clients.get(key)
    if (!client) {
      client = createSolanaRpcFromTransport(withDeadline(createDefaultRpcTransport({ url }), deadlineMs))
      clients.set(key, client)
    }
    return client
  }
}
