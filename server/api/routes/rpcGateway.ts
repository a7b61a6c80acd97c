/**
 * The RPC gateway, `/v1/?chainId=`: POST forwards a JSON-RPC call or batch to the chain's
 * RPC and returns its answer; GET gives the head block. The widget's RPC traffic goes
 * through here, so the chain's own URL (and its key) stays on the server.
 *
 * Only the standard methods a dApp needs are forwarded ({@link GATEWAY_METHODS}: reads,
 * fee and log queries, the chain id, and sending a signed transaction). Any other method
 * (a node's admin namespaces `anvil_*`, `evm_*`, `hardhat_*`, `debug_*`, `admin_*`,
 * `personal_*`, `txpool_*`, or `eth_sendTransaction` and the signing methods, which use
 * the node's own keys) is answered here, never forwarded, with JSON-RPC error -32601
 * "Method not found" under the call's id, per call in a batch. Notifications (calls
 * without an id) are forwarded and get no answer, as JSON-RPC says: 204 when nothing in
 * the request has an id.
 */
import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import { HttpFailure } from '../httpErrors.js'
import { parseInput, readBody, readQuery } from '../parseInput.js'
import { chainRequired } from '../schemaParts.js'

/** The methods the gateway forwards; every other method answers -32601 without reaching the chain. */
export const GATEWAY_METHODS: ReadonlySet<string> = new Set([
  // The chain and the node
  'eth_chainId',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'eth_syncing',
  'eth_blockNumber',
  // Accounts and state
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  // Calls and gas
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  // Blocks and transactions
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockReceipts',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  // Logs, and the filters that poll for them
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  // Sending: signed by the wallet, never by the node
  'eth_sendRawTransaction',
])

/** The JSON-RPC error code for a method the server does not serve. */
export const METHOD_NOT_FOUND = -32601

const rpcId = z.union([z.string().check(z.maxLength(256)), z.number(), z.null()])
const rpcCall = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.optional(rpcId),
  method: z.string().check(z.minLength(1), z.maxLength(256)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})
const rpcBatch = z.array(rpcCall).check(z.minLength(1), z.maxLength(100))

type RpcCall = z.output<typeof rpcCall>
type RpcId = z.output<typeof rpcId>
type RpcAnswer = { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } }

/** The call as it is forwarded: its four members and nothing else the client added. */
const forwarded = ({ jsonrpc, id, method, params }: RpcCall) => ({
  jsonrpc,
  ...(id !== undefined && { id }),
  method,
  ...(params !== undefined && { params }),
})

const methodNotFound = (call: RpcCall): RpcAnswer => ({
  jsonrpc: '2.0',
  id: call.id ?? null,
  error: { code: METHOD_NOT_FOUND, message: 'Method not found' },
})

export function rpcGatewayRoutes({ reader, chains }: ApiContext): Hono {
  const routes = new Hono()

  /** The chain's answer to the allowed calls: its status and body text ('' for none). */
  const forward = async (chainId: string, id: number, payload: unknown) => {
    const body = JSON.stringify(payload)
    let upstream: Response
    let text: string
    try {
      upstream = await fetch(reader.rpcUrl(id), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      text = await upstream.text()
    } catch {
      throw new HttpFailure(502, `the chain ${chainId} did not answer`)
    }
    if (upstream.status >= 500) throw new HttpFailure(502, `the chain ${chainId} answered ${upstream.status}`)
    return { status: upstream.status, text }
  }

  const answer = (c: Context, status: number, text: string) =>
    text === '' || status === 204 || status === 205 || status === 304
      ? c.body(null, 204)
      : c.body(text, status as 200, { 'content-type': 'application/json' })

  const gateway = async (c: Context) => {
    const { chainId } = readQuery(c, chainRequired, 'RPC gateway /v1/')
    const id = chains.servedChain(chainId)
    if (c.req.method === 'GET') {
      const blockNumber = await reader.blockNumber(id)
      return c.json({ chainId, blockNumber: blockNumber.toString() })
    }
    const raw = await readBody(c, z.unknown(), 'RPC gateway /v1/')

    if (!Array.isArray(raw)) {
      const call = parseInput(rpcCall, raw, 'RPC gateway /v1/')
      if (!GATEWAY_METHODS.has(call.method)) {
        return call.id === undefined ? c.body(null, 204) : c.json(methodNotFound(call))
      }
      const { status, text } = await forward(chainId, id, forwarded(call))
      return answer(c, status, text)
    }

    const batch = parseInput(rpcBatch, raw, 'RPC gateway /v1/ batch')
    const allowed = batch.filter((call) => GATEWAY_METHODS.has(call.method))
    // Refused notifications get no answer, like any notification.
    const refused = batch
      .filter((call) => !GATEWAY_METHODS.has(call.method) && call.id !== undefined)
      .map(methodNotFound)
    if (allowed.length === 0) return refused.length === 0 ? c.body(null, 204) : c.json(refused)
    const { status, text } = await forward(chainId, id, allowed.map(forwarded))
    if (refused.length === 0) return answer(c, status, text)
    if (text === '') return c.json(refused)
    let answers: unknown
    try {
      answers = JSON.parse(text)
    } catch {
      throw new HttpFailure(502, `the chain ${chainId} answered with something other than JSON`)
    }
    // A chain that answers a batch with one error object (not an array) refused it whole.
    return c.json(Array.isArray(answers) ? [...answers, ...refused] : answers, status as 200)
  }

  routes.on(['GET', 'POST'], ['/v1', '/v1/'], gateway)
  return routes
}
