/**
 * The adapter's JSON-RPC client and its encoders, checked against viem as the oracle
 * (the adapter no longer imports viem; the tests still do).
 */
import { HttpError, RpcError, ValidationError } from 'latchkit'
import { createRpcClient, maxUint256 } from 'latchkit/adapters/evm'
import { encodeFunctionData, erc20Abi, toHex, numberToHex as viemNumberToHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeErc20Transfer } from '../../../adapters/evm/erc20Transfer'
import { numberToHex, utf8ToHex } from '../../../adapters/evm/hex'
import { request } from '../../../adapters/evm/provider'
import { OTHER_ACCOUNT } from './fakeProvider'

const URL = 'https://rpc.example/v1'

/** Answers each POST in turn; records the JSON-RPC bodies. */
function stubFetch(...answers: Array<() => Response>) {
  const bodies: Record<string, unknown>[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    expect(url).toBe(URL)
    expect(init.method).toBe('POST')
    bodies.push(JSON.parse(String(init.body)))
    const answer = answers.shift()
    if (!answer) throw new Error('unexpected request')
    return answer()
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, bodies }
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createRpcClient', () => {
  it('POSTs a JSON-RPC 2.0 request and answers its result', async () => {
    const { bodies } = stubFetch(json({ jsonrpc: '2.0', id: 1, result: '0x3b9aca00' }))
    const rpc = createRpcClient(URL)
    await expect(rpc.request({ method: 'eth_gasPrice' })).resolves.toBe('0x3b9aca00')
    expect(bodies).toEqual([{ jsonrpc: '2.0', id: 1, method: 'eth_gasPrice', params: [] }])
  })

  it('throws a JSON-RPC error with its code, mapped like a wallet error', async () => {
    stubFetch(json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'insufficient funds' } }))
    const error = await request(createRpcClient(URL), { method: 'eth_estimateGas', params: [{}] }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ rpcCode: -32000, details: 'insufficient funds' })
  })

  it('retries transient failures (HTTP 503, RPC -32603) with the request policy', async () => {
    vi.useFakeTimers()
    try {
      const { fetch } = stubFetch(
        json({ message: 'busy' }, 503),
        json({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'internal' } }),
        json({ jsonrpc: '2.0', id: 3, result: '0x1' }),
      )
      const answer = createRpcClient(URL).request({ method: 'eth_chainId' })
      await vi.advanceTimersByTimeAsync(150 + 300)
      await expect(answer).resolves.toBe('0x1')
      expect(fetch).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not retry a final failure: HTTP 404, or an answer that is not JSON-RPC', async () => {
    stubFetch(json({ message: 'no such route' }, 404))
    await expect(createRpcClient(URL).request({ method: 'eth_chainId' })).rejects.toBeInstanceOf(HttpError)
    stubFetch(json(['not', 'json-rpc']))
    await expect(createRpcClient(URL).request({ method: 'eth_chainId' })).rejects.toBeInstanceOf(
      ValidationError,
    )
  })
})

describe('encoders', () => {
  it('numberToHex writes quantities as viem does', () => {
    for (const value of [0n, 1n, 8453n, 10n ** 18n, maxUint256])
      expect(numberToHex(value)).toBe(viemNumberToHex(value))
    expect(numberToHex(31337)).toBe('0x7a69')
  })

  it('utf8ToHex encodes text as UTF-8 bytes, as viem toHex does', () => {
    for (const text of ['', 'Hello', 'Hello, Latchkit ✓', 'émoji 🔐\n'])
      expect(utf8ToHex(text)).toBe(toHex(text))
  })

  it('encodeErc20Transfer writes the calldata viem encodes for transfer(to, amount)', () => {
    for (const amount of [0n, 1n, 5_000_000n, maxUint256]) {
      expect(encodeErc20Transfer(OTHER_ACCOUNT, amount)).toBe(
        encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER_ACCOUNT, amount] }),
      )
    }
  })
})
