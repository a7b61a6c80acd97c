/**
 * A JSON-RPC client for a node's HTTP URL, shaped as an EIP-1193 provider so the read
 * actions take it or a wallet alike.
 */
import { loadModule } from 'latchkit/internal'
import type { Eip1193Provider } from './provider'

export interface RpcClientOptions {
  /**
   * How long a call may take, every attempt and wait included, before it fails with a
   * TimeoutError ('Request timed out'). Default 15000.
   */
  deadlineMs?: number
}

/**
 * Creates the client. Its HTTP and retry code (rpcTransport.ts) is imported on the first
 * request: a page reads nothing from a node until a wallet is connected, so that code
 * stays out of the chunks a page loads at start-up. Requests time out after 10 s and are
 * retried 3 times (150 ms, doubling) on transient HTTP statuses and RPC codes, within one
 * overall deadline; a JSON-RPC error is thrown as `{ code, message, data }`.
 *
 * @example
 * const rpc = createRpcClient(mainnet.rpcUrls.default.http[0])
 * await rpc.request({ method: 'eth_gasPrice' }) // '0x3b9aca00'
 */
export function createRpcClient(url: string, options: RpcClientOptions = {}): Eip1193Provider {
  let transport: Eip1193Provider | undefined
  return {
    async request(args) {
      if (!transport) {
        const { createRpcTransport } = await loadModule(() => import('./rpcTransport'), 'the JSON-RPC client')
        transport ??= createRpcTransport(url, options.deadlineMs)
      }
      return transport.request(args)
    },
  }
}
