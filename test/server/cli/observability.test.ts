/**
 * `latchkit-server`'s start-up and stop as an operator sees them, through the real command
 * in its own process: the probes answered from the moment the port opens (`/healthz` live,
 * `/readyz` 503 naming what is not up, other routes 503 `STARTING`), one JSON line per
 * service as it comes up and per request, request and error counters in Prometheus text,
 * and a SIGTERM that lets the request under way finish before the database closes.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDevstack } from '../../support/devstack'
import { type LogLine, runServerCli, SERVER_WAIT_MS, type ServerProcess } from '../../support/serverProcess'

const APP = 'http://127.0.0.1:5173'
const p = 'projectId=p'
const tempDir = mkdtempSync(join(tmpdir(), 'latchkit-server-observability-'))

const portOf = (server: Server | TcpServer) => (server.address() as AddressInfo).port

async function listening<T extends Server | TcpServer>(server: T): Promise<T> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/** Polls `read` until it answers true, for at most SERVER_WAIT_MS. */
async function until(read: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + SERVER_WAIT_MS
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${SERVER_WAIT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const counter = (metrics: string, series: string) => {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

describe('latchkit-server while its services start', () => {
  // A database that takes the connection and never answers: the start stays under way.
  let silent: TcpServer
  let run: ServerProcess
  let url = ''

  beforeAll(async () => {
    silent = await listening(createTcpServer(() => {}))
    const [chain] = getDevstack().chains
    run = runServerCli([
      '--port',
      '0',
      '--rpc',
      `${chain!.chainId}=${chain!.rpcUrl}`,
      '--siwe-origin',
      APP,
      '--database-url',
      `postgres://latchkit@127.0.0.1:${portOf(silent)}/latchkit`,
    ])
    url = (await run.waitForLine((line) => line.msg === 'listening', 'listening line')).url as string
  })
  afterAll(async () => {
    run.child.kill('SIGKILL')
    await run.exited
    silent.close()
  })

  it('answers /healthz at once, and /readyz 503 naming every service not up yet', async () => {
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'live' })
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('retry-after')).toBe('1')
    expect(await ready.json()).toEqual({
      code: 'NOT_READY',
      message: 'not ready: database, siwe, api',
      details: {
        services: { database: 'starting', siwe: 'starting', api: 'starting' },
        notReady: ['database', 'siwe', 'api'],
      },
    })
  })

  it('answers every other route 503 STARTING, and counts it', async () => {
    const early = await fetch(`${url}/v1/supported-chains?${p}`)
    expect(early.status).toBe(503)
    expect(early.headers.get('retry-after')).toBe('1')
    expect(((await early.json()) as { code: string }).code).toBe('STARTING')
    const metrics = await (await fetch(`${url}/metrics`)).text()
    expect(counter(metrics, 'latchkit_service_ready{service="database"}')).toBe(0)
    expect(
      counter(metrics, 'latchkit_http_requests_total{service="api",method="GET",status="503"}'),
    ).toBeGreaterThanOrEqual(1)
  })
})

describe('latchkit-server stopped while its services start', () => {
  it('waits for the start, then stops what started and exits 0', async () => {
    const [chain] = getDevstack().chains
    const run = runServerCli([
      '--port',
      '0',
      '--rpc',
      `${chain!.chainId}=${chain!.rpcUrl}`,
      '--siwe-origin',
      APP,
      '--data-dir',
      join(tempDir, 'stopped-early'),
    ])
    await run.waitForLine((line) => line.msg === 'listening', 'listening line')
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    const events = run.lines().map((line) => `${line.msg} ${line.service ?? line.while ?? ''}`.trim())
    // The embedded database takes seconds to open: the signal comes while it does.
    expect(events).toContain('stopping starting')
    expect(events.slice(-2)).toEqual(['down database', 'stopped'])
  })
})

describe('latchkit-server once started', () => {
  // An RPC that holds each call until the test lets it go: a request under way at SIGTERM.
  let held: Server
  const waiting: (() => void)[] = []
  let received = 0
  // A port nothing listens on: the gateway answers 502 for that chain.
  let closedPort = 0
  let run: ServerProcess
  let url = ''
  const [chain] = getDevstack().chains

  beforeAll(async () => {
    held = await listening(
      createServer((request, response) => {
        request.resume()
        received++
        waiting.push(() =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x309' })),
        )
      }),
    )
    const closed = await listening(createTcpServer())
    closedPort = portOf(closed)
    await new Promise((resolve) => closed.close(resolve))
    run = runServerCli([
      '--port',
      '0',
      '--rpc',
      `${chain!.chainId}=${chain!.rpcUrl}`,
      '--rpc',
      `777=http://127.0.0.1:${portOf(held)}`,
      '--rpc',
      `778=http://127.0.0.1:${closedPort}`,
      '--siwe-origin',
      APP,
      '--analytics',
      '--data-dir',
      join(tempDir, 'state'),
    ])
    url = await run.ready()
  })
  afterAll(async () => {
    if (run.child.exitCode === null) run.child.kill('SIGKILL')
    for (const release of waiting) release()
    held.close()
  })

  it('writes only JSON lines: listening, one up per service with what it serves, then ready', () => {
    const lines = run.lines()
    const order = lines.filter((line) => line.msg !== 'request').map((line) => line.msg)
    expect(order[0]).toBe('listening')
    expect(order.at(-1)).toBe('ready')
    const up = Object.fromEntries(
      lines.filter((line) => line.msg === 'up').map((line) => [line.service, line.detail]),
    )
    expect(up).toEqual({
      database: `PGlite in ${join(tempDir, 'state')}`,
      siwe: `sign-in for ${APP}`,
      analytics: 'analytics collected at /v1/analytics/events (funnel not served)',
      api: `API for eip155:${chain!.chainId}, eip155:777, eip155:778 · no swaps · no on-ramp · browsers from its own origin only`,
    })
    const ready = lines.find((line) => line.msg === 'ready') as LogLine
    expect(ready).toMatchObject({ level: 'info', url })
    expect(ready.ms).toEqual(expect.any(Number))
    expect(Date.parse(ready.time as string)).not.toBeNaN()
  })

  it('is ready with every service, and logs each request as one line', async () => {
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({
      ready: true,
      services: { database: 'ready', siwe: 'ready', analytics: 'ready', api: 'ready' },
    })
    expect((await fetch(`${url}/v1/supported-chains?${p}`)).status).toBe(200)
    const logged = await run.waitForLine(
      (line) => line.msg === 'request' && line.path === '/v1/supported-chains',
      'request line',
    )
    expect(logged).toMatchObject({ service: 'api', method: 'GET', status: 200 })
    expect(logged.ms).toEqual(expect.any(Number))
    // The query is not logged: it may carry a token.
    expect(JSON.stringify(logged)).not.toContain('projectId')
  })

  it('counts requests and errors in Prometheus text on /metrics', async () => {
    const failed = await fetch(`${url}/v1/?chainId=eip155:778&${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
    })
    expect(failed.status).toBe(502)
    await fetch(`${url}/siwe/nonce`, { method: 'POST', headers: { origin: APP } })
    const answer = await fetch(`${url}/metrics`)
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const metrics = await answer.text()
    expect(metrics).toContain('# TYPE latchkit_http_requests_total counter')
    expect(counter(metrics, 'latchkit_http_requests_total{service="api",method="POST",status="502"}')).toBe(1)
    expect(counter(metrics, 'latchkit_http_request_errors_total{service="api"}')).toBe(1)
    expect(counter(metrics, 'latchkit_http_requests_total{service="siwe",method="POST",status="200"}')).toBe(
      1,
    )
    expect(counter(metrics, 'latchkit_http_request_errors_total{service="siwe"}')).toBe(0)
    expect(counter(metrics, 'latchkit_service_ready{service="siwe"}')).toBe(1)
    expect(counter(metrics, 'latchkit_startup_seconds')).toBeGreaterThan(0)
  })

  it('on SIGTERM, stops taking connections, finishes the request under way, then closes the database', async () => {
    const inFlight = fetch(`${url}/v1/?chainId=eip155:777&${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
    })
    await until(async () => received > 0, 'call at the held RPC')
    run.child.kill('SIGTERM')
    await run.waitForLine((line) => line.msg === 'stopping', 'stopping line')
    await until(
      () =>
        fetch(`${url}/healthz`).then(
          () => false,
          () => true,
        ),
      'refused connection',
    )
    // Still under way: the database is open until it is answered.
    expect(run.lines().some((line) => line.msg === 'down' && line.service === 'database')).toBe(false)
    for (const release of waiting.splice(0)) release()
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x309' })
    expect(await run.exited).toBe(0)
    const events = run
      .lines()
      .map((line) =>
        line.msg === 'request'
          ? `request ${line.path} ${line.status}`
          : `${line.msg} ${line.service ?? ''}`.trim(),
      )
    const at = (event: string) => events.indexOf(event)
    expect(at('request /v1/ 200')).toBeGreaterThan(at('stopping'))
    expect(at('down http')).toBeGreaterThan(at('request /v1/ 200'))
    expect(events.slice(at('down http'))).toEqual([
      'down http',
      ...(at('down analytics') < at('down siwe')
        ? ['down analytics', 'down siwe']
        : ['down siwe', 'down analytics']),
      'down database',
      'stopped',
    ])
  })
})
