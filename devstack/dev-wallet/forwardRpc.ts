/**
 * Sends one JSON-RPC request to a chain's HTTP endpoint (anvil in the devstack). JSON-RPC
 * errors come back as ProviderRpcError with the node's own code and message, so the dApp
 * sees what a wallet backed by that node would show it.
 */
import { ProviderRpcError } from './providerRpcError'

/**
 * The chain's RPC could not be reached at all (not an error answer from it). The wallet
 * then reports EIP-1193 'disconnect'.
 *
 * @example
 * if (error instanceof ChainUnreachableError) state.setReachable(false)
 */
export class ChainUnreachableError extends ProviderRpcError {
  constructor(rpcUrl: string, cause: unknown) {
    super(4901, 'The provider is not connected to the requested chain.', { rpcUrl })
    this.name = 'ChainUnreachableError'
    this.cause = cause
  }
}

let nextId = 1

/**
 * Posts `{ method, params }` to `rpcUrl` and returns the result.
 *
 * @example
 * const chainId = await forwardRpc('http://127.0.0.1:8545', 'eth_chainId', [])
 */
export async function forwardRpc(
  rpcUrl: string,
  method: string,
  params: readonly unknown[] | object = [],
  timeoutMs = 10_000,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new ChainUnreachableError(rpcUrl, error)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    throw new ProviderRpcError(-32603, `The chain's RPC answered HTTP ${response.status} without JSON`, {
      rpcUrl,
      cause: String(error),
    })
  }
  const { result, error } = (body ?? {}) as {
    result?: unknown
    error?: { code?: unknown; message?: unknown; data?: unknown }
  }
  if (error) {
    const code = typeof error.code === 'number' ? error.code : -32603
    const message = typeof error.message === 'string' ? error.message : 'Internal JSON-RPC error.'
    throw new ProviderRpcError(code, message, error.data)
  }
  return result ?? null
}
