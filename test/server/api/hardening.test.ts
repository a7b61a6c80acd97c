/**
 * The local API server against a careless or hostile client, over real HTTP: JSON-RPC
 * notifications and batches through the gateway, its method allowlist, the body-size
 * limit, input nested too deep or holding NUL or invalid UTF-8, JSON error bodies that
 * never repeat unbounded input, CORS for configured origins only, the dev routes for this
 * machine's scripts only, and the request log as a bounded ring. Own chains: a refused
 * admin method must not reach a chain other files share even if the refusal failed.
 */
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { Hono } from 'hono'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ApiServer, startApiServer } from '../../../devstack/api/server'
import { type StartedChains, startChains } from '../../../devstack/chain'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { localChain } from '../../../devstack/local-chain'
import { createChainReader } from '../../../server/api/chainReader'
import { createApiApp } from '../../../server/api/createApiApp'
import { listen } from '../../../server/http/listen'
import { PROJECT_ID } from './helpers'

const APP = 'http://127.0.0.1:5173'
const p = `projectId=${PROJECT_ID}`
const gatewayPath = `/v1/?chainId=eip155:31337&${p}`
const [me, other] = fixtureAccounts
let stack: StartedChains
let api: ApiServer

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337] })
  api = await startApiServer({ chains: stack.chains, siwe: { origin: APP } })
})
afterAll(async () => {
  await api?.stop()
  await stack?.stop()
})

type Answer = { status: number; headers: Headers; text: string; json: unknown }

async function call(path: string, init?: RequestInit, base = api.url): Promise<Answer> {
  const response = await fetch(`${base}${path}`, init)
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: response.status, headers: response.headers, text, json }
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
})

const rpc = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params })
/** A call without id: JSON-RPC's notification, which gets no answer. */
const notification = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', method, params })

/** Asserts an error answer: JSON `{ message }` with the status. */
function expectJsonError(answer: Answer, status: number, mentions?: string): string {
  expect({ status: answer.status, type: answer.headers.get('content-type') }).toEqual({
    status,
    type: expect.stringContaining('application/json'),
  })
  const { message } = answer.json as { message: string }
  expect(typeof message).toBe('string')
  if (mentions) expect(message).toContain(mentions)
  return message
}

type RawAnswer = { status: number; head: string; body: string }

/**
 * Writes `chunks` on a fresh TCP connection, without ending it, and resolves with the
 * first HTTP answer once it has arrived whole (or the server closed the connection).
 */
function rawHttp(host: string, port: number, chunks: readonly (string | Buffer)[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host)
    let received = Buffer.alloc(0)
    const parse = (): RawAnswer | undefined => {
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return undefined
      const head = received.subarray(0, end).toString('latin1')
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
      const body = received.subarray(end + 4)
      if (body.length < length) return undefined
      return { status: Number(head.split(' ')[1]), head, body: body.subarray(0, length).toString('utf8') }
    }
    const finish = () => {
      const answer = parse()
      socket.destroy()
      if (answer) resolve(answer)
      else reject(new Error(`no whole HTTP answer: ${JSON.stringify(received.toString('latin1'))}`))
    }
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data])
      if (parse()) finish()
    })
    socket.on('close', finish)
    // The server may close while we still write: what it answered is what counts.
    socket.on('error', () => {})
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return
        if (!socket.write(chunk)) await new Promise((drained) => socket.once('drain', drained))
      }
    })
  })
}

const hostPort = (url: string) => {
  const { hostname, port } = new URL(url)
  return [hostname, Number(port)] as const
}

describe('RPC gateway: notifications and batches pass through', () => {
  it('forwards a notification (a call without id) and answers 204 without a body', async () => {
    const answer = await call(gatewayPath, post(notification('eth_chainId')))
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: '' })
  })

  it('answers the calls with an id in a batch that holds a notification, and 204 to notifications only', async () => {
    const mixed = await call(gatewayPath, post([notification('eth_chainId'), rpc('eth_chainId', [], 2)]))
    expect(mixed.status).toBe(200)
    expect(mixed.json).toEqual([{ jsonrpc: '2.0', id: 2, result: '0x7a69' }])
    const only = await call(gatewayPath, post([notification('eth_chainId')]))
    expect({ status: only.status, text: only.text }).toEqual({ status: 204, text: '' })
  })
})

describe('RPC gateway: only standard methods are forwarded', () => {
  const stranger = '0x000000000000000000000000000000000000dEaD'

  it.each([
    ['anvil_setBalance', [stranger, '0x1000']],
    ['anvil_setCode', [stranger, '0x00']],
    ['anvil_impersonateAccount', [stranger]],
    ['hardhat_setBalance', [stranger, '0x1000']],
    ['evm_mine', []],
    ['evm_snapshot', []],
    ['debug_traceCall', [{ to: stranger }, 'latest']],
    ['eth_accounts', []],
    ['eth_sign', [me!.address, '0x00']],
    ['personal_sign', ['0x00', me!.address]],
  ])('refuses %s with -32601 "Method not found" under the call id', async (method, params) => {
    const answer = await call(gatewayPath, post(rpc(method, params, 9)))
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32601, message: 'Method not found' },
    })
  })

  it('refuses eth_sendTransaction: the node never signs with its unlocked accounts', async () => {
    const chain = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
    const nonce = await chain.getTransactionCount({ address: me!.address })
    const send = rpc('eth_sendTransaction', [{ from: me!.address, to: other!.address, value: '0x1' }], 3)
    expect((await call(gatewayPath, post(send))).json).toMatchObject({ id: 3, error: { code: -32601 } })
    expect(await chain.getTransactionCount({ address: me!.address })).toBe(nonce)
  })

  it('answers a batch call by call: the allowed ones from the chain, the refused ones -32601 with their id, a refused notification not at all', async () => {
    const answer = await call(
      gatewayPath,
      post([
        rpc('eth_chainId', [], 1),
        rpc('anvil_setBalance', [stranger, '0x1000'], 2),
        notification('evm_mine'),
        rpc('eth_getBalance', [stranger, 'latest'], 4),
      ]),
    )
    expect(answer.status).toBe(200)
    const byId = new Map((answer.json as { id: number }[]).map((a) => [a.id, a]))
    expect([...byId.keys()].sort()).toEqual([1, 2, 4])
    expect(byId.get(1)).toMatchObject({ result: '0x7a69' })
    expect(byId.get(2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32601, message: 'Method not found' },
    })
    // The refused setBalance did not run.
    expect(byId.get(4)).toMatchObject({ result: '0x0' })
    const refusedNotification = await call(
      gatewayPath,
      post(notification('anvil_setBalance', [stranger, '0x1'])),
    )
    expect({ status: refusedNotification.status, text: refusedNotification.text }).toEqual({
      status: 204,
      text: '',
    })
  })

  it('serves what a dApp and its wallet client send: reads, fees, logs, and a signed transaction', async () => {
    const gateway = http(`${api.url}${gatewayPath}`)
    const chain = localChain(31337, `${api.url}${gatewayPath}`)
    const client = createPublicClient({ chain, transport: gateway })
    expect(await client.getChainId()).toBe(31337)
    const before = await client.getBalance({ address: other!.address })
    await client.getBlockNumber()
    await client.getGasPrice()
    await client.estimateFeesPerGas()
    await client.getFeeHistory({ blockCount: 2, rewardPercentiles: [50] })
    await client.getLogs({ fromBlock: 0n })
    await client.getCode({ address: stack.chains[0]!.contracts.LUSD })
    const wallet = createWalletClient({
      account: privateKeyToAccount(me!.privateKey),
      chain,
      transport: gateway,
    })
    const hash = await wallet.sendTransaction({ to: other!.address, value: parseEther('0.01') })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    await client.getTransaction({ hash })
    expect(await client.getBalance({ address: other!.address })).toBe(before + parseEther('0.01'))
  })
})

describe('request size', () => {
  let small: ApiServer
  beforeAll(async () => {
    small = await startApiServer({ chains: stack.chains, maxBodyBytes: 4096 })
  })
  afterAll(async () => {
    await small?.stop()
  })

  it('answers 413 with a JSON message to a body over 1 MiB, by default', async () => {
    const body = JSON.stringify({ currency: 'usd', addresses: [], pad: 'x'.repeat(1024 * 1024) })
    const [host, port] = hostPort(api.url)
    // On a connection of its own: sent with fetch on the keep-alive connection the gateway
    // test before it used, the upload was reset (ECONNRESET) on a busy machine, a fault
    // of its own that test/server/api/listenLingers.test.ts and the frame service's keep-alive
    // tests pin down at the listener.
    const answer = await rawHttp(host, port, [
      `POST /v1/fungible/price?${p} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      body,
    ])
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect(JSON.parse(answer.body).message).toContain('1048576 bytes')
  })

  it('takes a body at the configured limit and refuses one a byte over', async () => {
    const sized = (bytes: number) => {
      const head = JSON.stringify(rpc('eth_chainId', [], 1)).slice(0, -1)
      return `${head},"pad":"${'x'.repeat(bytes - head.length - 10)}"}`
    }
    expect(new TextEncoder().encode(sized(4096)).length).toBe(4096)
    const atLimit = await call(gatewayPath, post(sized(4096)), small.url)
    expect(atLimit.status).toBe(200)
    expectJsonError(await call(gatewayPath, post(sized(4097)), small.url), 413, '4096 bytes')
  })

  it('stops reading a streamed body at the limit: 413 arrives while the client is still sending', async () => {
    const [host, port] = hostPort(small.url)
    const chunk = `1000\r\n${'x'.repeat(0x1000)}\r\n`
    // Headers and 8 KiB of a chunked body, never finished: a server that buffered the
    // whole body before checking its size would wait here for ever.
    const answer = await rawHttp(host, port, [
      `POST ${gatewayPath} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunk,
      chunk,
    ])
    expect(answer.status).toBe(413)
    expect(answer.head.toLowerCase()).toContain('connection: close')
    expect(JSON.parse(answer.body)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'the body is larger than 4096 bytes',
    })
  })
})

describe('input that is too deep, holds NUL, or is not UTF-8', () => {
  // Built as text: JSON.stringify itself overflows the stack on it.
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`

  it.each([
    ['the RPC gateway', gatewayPath, `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${deep}}`],
    ['a batch', gatewayPath, `[{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${deep}}]`],
    ['the price route', `/v1/fungible/price?${p}`, `{"currency":"usd","addresses":${deep}}`],
    ['sign-in', '/siwe/verify', `{"message":${deep},"signature":"0x00"}`],
  ])('answers 400 to JSON nested 5,000 deep sent to %s', async (_, path, body) => {
    expectJsonError(await call(path, post(body)), 400, 'deeper than 64 levels')
  })

  it('answers 400 to a signed sign-in message holding a NUL character', async () => {
    const { nonce } = (await call('/siwe/nonce', { method: 'POST' })).json as { nonce: string }
    const account = privateKeyToAccount(me!.privateKey)
    const message = createSiweMessage({
      domain: '127.0.0.1:5173',
      address: account.address,
      statement: 'Sign in\u0000 to the app',
      uri: APP,
      version: '1',
      chainId: 31337,
      nonce,
      issuedAt: new Date(),
    })
    const signature = await account.signMessage({ message })
    expectJsonError(await call('/siwe/verify', post({ message, signature })), 400, 'NUL')
  })

  it.each([
    ['a raw NUL byte in the body', gatewayPath, `{"jsonrpc":"2.0","id":1,"method":"eth_chainId\0"}`],
    [
      'an escaped NUL in a JSON string',
      gatewayPath,
      JSON.stringify(rpc('eth_getBalance', ['\u0000', 'latest'])),
    ],
    [
      'bytes that are not UTF-8',
      gatewayPath,
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('","latest"]}'),
      ]),
    ],
    [
      'an unpaired surrogate escape',
      gatewayPath,
      '{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["\\ud800"]}',
    ],
  ])('answers 400 to %s', async (_, path, body) => {
    expectJsonError(await call(path, post(body)), 400)
  })

  it.each([
    ['a NUL in the query', `/v1/supported-chains?projectId=demo%00x`, 'NUL'],
    ['a NUL in the path', `/getWalletImage/a%00b?${p}`, 'NUL'],
    ['a query that is not UTF-8', `/v1/supported-chains?projectId=%ff%fe`, 'UTF-8'],
  ])('answers 400 to %s', async (_, path, mentions) => {
    expectJsonError(await call(path), 400, mentions)
  })
})

describe('error bodies are JSON and never repeat unbounded input', () => {
  it.each([
    ['GET', '/siwe/nope'],
    ['GET', '/siwe/verify'],
    ['PUT', '/siwe/nonce'],
    ['DELETE', '/siwe/session'],
  ])('%s %s (not served by the verifier) answers a JSON 404', async (method, path) => {
    expectJsonError(await call(path, { method }), 404)
  })

  it('the revoke 404 repeats at most 64 characters of a 1 MB session id', async () => {
    const pci = 'p'.repeat(1_000_000)
    const answer = await call(`/v1/sessions/${me!.address}/revoke?${p}`, post({ pci, signature: '0x01' }))
    const message = expectJsonError(answer, 404, 'unknown session')
    expect(message.length).toBeLessThan(120)
    expect(answer.text.length).toBeLessThan(200)
  })

  it('a 404 for a long unknown path repeats 64 characters of it', async () => {
    const message = expectJsonError(await call(`/${'z'.repeat(8000)}?${p}`), 404, 'no route for GET')
    expect(message.length).toBeLessThan(120)
  })

  it('a request Node refuses before any route (an unknown method, a bad header: 400; headers over 16 KiB: 431) answers JSON', async () => {
    const [host, port] = hostPort(api.url)
    for (const request of [
      `BREW / HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: ${host}\r\nBad Header\r\n\r\n`,
    ]) {
      const answer = await rawHttp(host, port, [request])
      expect(answer.status).toBe(400)
      expect(answer.head.toLowerCase()).toContain('content-type: application/json')
      expect(JSON.parse(answer.body)).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) })
    }
    const oversized = await rawHttp(host, port, [
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    ])
    expect(oversized.status).toBe(431)
    expect(JSON.parse(oversized.body)).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'the request headers are too large',
    })
  })
})

describe('a mounted sign-in app answers JSON whatever its own fallbacks do', () => {
  it('its plain-text 404 and 500 reach the client as JSON { message }', async () => {
    const plain = new Hono()
    plain.get('/siwe/boom', () => {
      throw new Error('boom')
    })
    const app = createApiApp({
      reader: createChainReader(stack.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))),
      settings: { analyticsEnabled: true, allowedOrigins: [] },
      siwe: () => plain,
    })
    const server = await listen(app.fetch)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expectJsonError(await call('/siwe/nope', undefined, server.url), 404, 'no route for GET /siwe/nope')
      expect((await call('/siwe/boom', undefined, server.url)).json).toEqual({
        code: 'INTERNAL',
        message: 'internal error',
      })
    } finally {
      logged.mockRestore()
      await server.close()
    }
  })
})

describe('CORS: configured origins only', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })

  it('the devstack allows pages on this machine, and no page elsewhere, for the API and the gateway', async () => {
    for (const origin of [APP, 'http://localhost:4173']) {
      const answer = await call(`/v1/supported-chains?${p}`, { headers: { origin } })
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
      const options = await call(gatewayPath, preflight(origin))
      expect(options.headers.get('access-control-allow-origin')).toBe(origin)
    }
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example:5173', 'null']) {
      const answer = await call(`/v1/supported-chains?${p}`, { headers: { origin } })
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
      const options = await call(gatewayPath, preflight(origin))
      expect(options.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  it('with corsOrigins, exactly those; setCorsOrigins replaces them; error answers carry the header too', async () => {
    const own = await startApiServer({ chains: stack.chains, corsOrigins: ['https://app.example'] })
    try {
      const allowed = (origin: string, path = `/v1/supported-chains?${p}`) =>
        call(path, { headers: { origin } }, own.url).then((a) => a.headers.get('access-control-allow-origin'))
      expect(await allowed('https://app.example')).toBe('https://app.example')
      expect(await allowed(APP)).toBeNull()
      // A page must be able to read why it was refused.
      expect(await allowed('https://app.example', '/v1/supported-chains')).toBe('https://app.example')
      own.setCorsOrigins([APP])
      expect(await allowed(APP)).toBe(APP)
      expect(await allowed('https://app.example')).toBeNull()
    } finally {
      await own.stop()
    }
  })
})

describe('dev routes: this machine only, and off unless the devstack turns them on', () => {
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4')?.address

  it.skipIf(!outside)(
    'refuse a caller on another address, by its socket address, whatever X-Forwarded-For says',
    async () => {
      const own = await startApiServer({ chains: stack.chains, host: '0.0.0.0' })
      try {
        const [, port] = hostPort(own.url)
        const request = (path: string) =>
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: 127.0.0.1\r\nX-Real-IP: 127.0.0.1\r\n\r\n`
        for (const path of ['/__requests', '/__faults']) {
          const answer = await rawHttp(outside!, port, [request(path)])
          expect(answer.status).toBe(403)
          expect(JSON.parse(answer.body)).toEqual({
            code: 'FORBIDDEN',
            message: expect.stringContaining('this machine'),
          })
        }
        // The API itself answers there; from loopback, so do the dev routes.
        expect((await rawHttp(outside!, port, [request(`/v1/supported-chains?${p}`)])).status).toBe(200)
        expect((await rawHttp('127.0.0.1', port, [request('/__requests')])).status).toBe(200)
      } finally {
        await own.stop()
      }
    },
  )

  it('refuse a page CORS does not allow (even a text/plain POST, sent without preflight) and a Host that is not loopback (DNS rebinding)', async () => {
    const evil = 'https://evil.example'
    const faults = await call('/__faults', {
      method: 'POST',
      headers: { origin: evil, 'content-type': 'text/plain' },
      body: JSON.stringify({ status: 503, count: 1 }),
    })
    expectJsonError(faults, 403, 'allowed pages only')
    expect(api.faults.remaining()).toBe(0)
    expectJsonError(await call('/__requests', { headers: { origin: evil } }), 403)
    expect((await call('/__requests', { headers: { origin: APP } })).status).toBe(200)
    const [host, port] = hostPort(api.url)
    const rebound = await rawHttp(host, port, [
      `GET /__requests HTTP/1.1\r\nHost: evil.example:${port}\r\n\r\n`,
    ])
    expect(rebound.status).toBe(403)
  })

  it('are absent with devRoutes: false', async () => {
    const own = await startApiServer({ chains: stack.chains, devRoutes: false })
    try {
      expectJsonError(await call('/__requests', undefined, own.url), 404)
      expectJsonError(await call('/__faults', post({ status: 503, count: 1 }), own.url), 404)
    } finally {
      await own.stop()
    }
  })
})

describe('the request log is a bounded ring', () => {
  it('keeps the latest requestLog calls, oldest first, over HTTP and in process', async () => {
    const own = await startApiServer({ chains: stack.chains, requestLog: 5 })
    try {
      for (let i = 1; i <= 8; i++) await call(`/v1/supported-chains?${p}&n=${i}`, undefined, own.url)
      const seen = own.faults.requests.map((r) => r.query.n)
      expect(seen).toEqual(['4', '5', '6', '7', '8'])
      const { requests } = (await call('/__requests', undefined, own.url)).json as {
        requests: { query: { n: string } }[]
      }
      expect(requests.map((r) => r.query.n)).toEqual(seen)
    } finally {
      await own.stop()
    }
  })

  it('keeps the latest 1,000 by default', async () => {
    const own = await startApiServer({ chains: stack.chains })
    try {
      for (let batch = 0; batch < 1010; batch += 10) {
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            call(`/getAnalyticsConfig?${p}&n=${batch + i}`, undefined, own.url),
          ),
        )
      }
      expect(own.faults.requests).toHaveLength(1000)
    } finally {
      await own.stop()
    }
  })

  it('is off with requestLog: 0', async () => {
    const own = await startApiServer({ chains: stack.chains, requestLog: 0 })
    try {
      await call(`/v1/supported-chains?${p}`, undefined, own.url)
      expect(own.faults.requests).toEqual([])
      expectJsonError(await call('/__requests', undefined, own.url), 404, 'off')
    } finally {
      await own.stop()
    }
  })
})
