/**
 * One overall deadline per call, through real HTTP: an API call, an EVM RPC read and a
 * Solana RPC read to a server that accepts the connection and never answers fail with a
 * TimeoutError within their deadline, every attempt included (before: 10 s per attempt,
 * four attempts, 41 s); a redirect loop is one attempt, not four (before: 84 requests).
 * The servers are real local HTTP servers that misbehave on purpose.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createKernel, LatchError, TimeoutError } from 'latchkit'
import { createRpcClient } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { createApi } from 'latchkit/internal'
import { localChain, localSolana } from 'latchkit/networks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { PROJECT_ID, quietLogger, SDK } from './helpers'

/** A server whose every request runs `handle`; it counts what it was asked. */
async function misbehavingServer(handle: (req: IncomingMessage, res: ServerResponse, url: string) => void) {
  let requests = 0
  const server: Server = createServer((req, res) => {
    requests++
    handle(req, res, url)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    requests: () => requests,
    reset: () => {
      requests = 0
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type Misbehaving = Awaited<ReturnType<typeof misbehavingServer>>
let silent: Misbehaving
let loop: Misbehaving

beforeAll(async () => {
  // Reads the request and never answers, as a stuck upstream does.
  silent = await misbehavingServer((req) => req.resume())
  // Every path redirects to itself.
  loop = await misbehavingServer((req, res, url) => {
    res.writeHead(302, { Location: `${url}${req.url ?? '/'}` }).end()
  })
})
afterAll(async () => {
  await Promise.all([silent?.stop(), loop?.stop()])
})
beforeEach(() => {
  silent.reset()
  loop.reset()
})

const DEADLINE_MS = 1_500
/** What the per-attempt timeout alone allowed before: four 10 s attempts and the waits. */
const WITHOUT_DEADLINE_MS = 4 * 10_000

function apiAt(url: string, deadlineMs = DEADLINE_MS) {
  const kernel = createKernel({ networks: [localChain(31337, 'http://127.0.0.1:1')], storage: null })
  return createApi({
    blockchainUrl: url,
    projectId: PROJECT_ID,
    ...SDK,
    deadlineMs,
    networks: kernel.networks(),
    logger: quietLogger(),
    store: kernel.store,
  })
}

async function timed<T>(work: () => Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now()
  const error = await work().then(
    () => undefined,
    (e: unknown) => e,
  )
  return { error, ms: performance.now() - started }
}

describe('an API call', () => {
  it('to a server that never answers fails with TIMEOUT at its deadline, not after every attempt timed out', async () => {
    const api = apiAt(silent.url)
    const { error, ms } = await timed(() =>
      api.request({ path: 'v1/supported-chains', gated: false, schema: z.unknown() }),
    )
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).code).toBe('TIMEOUT')
    expect((error as TimeoutError).details).toBe(`no answer within ${DEADLINE_MS} ms (1 attempt)`)
    expect(silent.requests()).toBe(1)
    // Well under one 10 s attempt: the deadline, not the attempts, ended the call.
    expect(ms).toBeLessThan(WITHOUT_DEADLINE_MS / 4)
  })

  it('takes its deadline from the kernel options (api.deadlineMs) and refuses one that is not positive', async () => {
    const kernel = createKernel({
      networks: [localChain(31337, 'http://127.0.0.1:1')],
      storage: null,
      projectId: PROJECT_ID,
      api: { blockchainUrl: silent.url, deadlineMs: DEADLINE_MS },
    })
    const { error } = await timed(() =>
      kernel.api.request({ path: 'v1/supported-chains', gated: false, schema: z.unknown() }),
    )
    expect((error as TimeoutError).details).toBe(`no answer within ${DEADLINE_MS} ms (1 attempt)`)
    expect(() =>
      createKernel({ networks: [localChain(31337, 'http://127.0.0.1:1')], api: { deadlineMs: 0 } }),
    ).toThrow(/deadlineMs/)
  })

  it('to a redirect loop fails once with TOO_MANY_REDIRECTS and is not retried', async () => {
    const api = apiAt(loop.url, 30_000)
    const { error } = await timed(() =>
      api.request({ path: 'v1/supported-chains', gated: false, schema: z.unknown() }),
    )
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toBe('TOO_MANY_REDIRECTS')
    expect((error as LatchError).shortMessage).toBe('Too many redirects')
    // fetch follows 20 redirects: 21 requests, one attempt (four attempts made 84).
    expect(loop.requests()).toBeGreaterThan(1)
    expect(loop.requests()).toBeLessThanOrEqual(21)
  })
})

describe('an RPC read', () => {
  const address = fixtureAccounts[0]!.address

  it('over the EVM adapter to a node that never answers fails with TIMEOUT at its deadline', async () => {
    const rpc = createRpcClient(silent.url, { deadlineMs: DEADLINE_MS })
    const { error, ms } = await timed(() =>
      rpc.request({ method: 'eth_getBalance', params: [address, 'latest'] }),
    )
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).details).toBe(`no answer within ${DEADLINE_MS} ms (1 attempt)`)
    expect(ms).toBeLessThan(WITHOUT_DEADLINE_MS / 4)
  })

  it('over the Solana adapter to a node that never answers fails with TIMEOUT at its deadline', async () => {
    const adapter = solanaAdapter({ discovery: false, rpcDeadlineMs: DEADLINE_MS })
    const network = localSolana(silent.url, '1'.repeat(44))
    const { error, ms } = await timed(() =>
      adapter.getBalance!({ address: '11111111111111111111111111111111', network }),
    )
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).code).toBe('TIMEOUT')
    expect(silent.requests()).toBe(1)
    expect(ms).toBeLessThan(WITHOUT_DEADLINE_MS / 4)
  })
})
