/**
 * `latchkit-frame-service`: its command line read into options (secrets only from the
 * environment), and the command itself run as a process, as an operator sees it: the
 * probes answered from the moment the port opens (`/healthz` live, `/readyz` 503 naming
 * what is not up), one JSON line per step and per request, a person logged in with the
 * code from the devstack mailbox, and a SIGTERM that lets the request under way finish.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedMailbox, startMailbox } from '../../../devstack/mailbox/index.js'
import {
  DEFAULT_FRAME_PORT,
  FrameCliError,
  parseSmtpUrl,
  readFrameServiceArgs,
} from '../../../server/embedded-wallet/cliArgs.js'
import { runFrameServiceCli, SERVER_WAIT_MS, type ServerProcess } from '../../support/serverProcess.js'
import { APP_ORIGIN, client, logIn, newDeviceId, newEmail, newShareKey, PROJECT } from './serviceHelpers.js'

const portOf = (server: Server | TcpServer) => (server.address() as AddressInfo).port

const env = { LATCHKIT_FRAME_SHARE_KEY: newShareKey(), LATCHKIT_FRAME_SMTP_URL: 'smtp://127.0.0.1:2525' }
const base = ['--project', `${PROJECT}=${APP_ORIGIN}`, '--mail-from', 'login@app.example']

describe('the frame service command line', () => {
  it('reads projects, chains, SMTP, database and port', () => {
    const options = readFrameServiceArgs(
      [
        ...base,
        '--project',
        'other=https://a.example,https://b.example',
        '--chain',
        'eip155:1=https://rpc.example/1',
        '--public-url',
        'https://frame.example/',
        '--database-url',
        'postgres://u:p@db:5432/frame',
      ],
      { ...env, PORT: '9000' },
    )
    expect(options).toMatchObject({
      port: 9000,
      publicUrl: 'https://frame.example',
      projects: {
        [PROJECT]: { allowedOrigins: [APP_ORIGIN] },
        other: { allowedOrigins: ['https://a.example', 'https://b.example'] },
      },
      chains: { 'eip155:1': 'https://rpc.example/1' },
      smtp: { host: '127.0.0.1', port: 2525, secure: false, from: 'login@app.example' },
      shareKey: env.LATCHKIT_FRAME_SHARE_KEY,
      database: { url: 'postgres://u:p@db:5432/frame' },
    })
    expect(readFrameServiceArgs(base, env)?.port).toBe(DEFAULT_FRAME_PORT)
    expect(readFrameServiceArgs(base, env)?.clientIp).toBeUndefined()
    expect(
      typeof readFrameServiceArgs([...base, '--client-ip-header', 'X-Forwarded-For'], env)?.clientIp,
    ).toBe('function')
    expect(readFrameServiceArgs(['--help'], {})).toBeUndefined()
    expect(parseSmtpUrl('smtps://me%40x:s%3Acret@mail.example')).toEqual({
      host: 'mail.example',
      port: 465,
      secure: true,
      auth: { user: 'me@x', pass: 's:cret' },
    })
  })

  it('says what to write instead of a wrong flag, and never takes the share key from a flag', () => {
    const refused = (args: string[], environment: Record<string, string> = env) => {
      try {
        readFrameServiceArgs(args, environment)
      } catch (error) {
        expect(error).toBeInstanceOf(FrameCliError)
        return (error as Error).message
      }
      throw new Error(`accepted ${args.join(' ')}`)
    }
    expect(refused(['--mail-from', 'x@y.z'])).toMatch(/--project/)
    expect(refused(['--project', 'p=app.example', '--mail-from', 'x@y.z'])).toMatch(/not an origin/)
    expect(refused(['--project', PROJECT])).toMatch(/expected <id>=<origin>/)
    expect(refused(['--project', `${PROJECT}=${APP_ORIGIN}`])).toMatch(/--mail-from/)
    expect(refused(base, { LATCHKIT_FRAME_SMTP_URL: env.LATCHKIT_FRAME_SMTP_URL })).toMatch(
      /LATCHKIT_FRAME_SHARE_KEY/,
    )
    expect(refused([...base, '--share-key', 'abc'])).toMatch(/share-key/)
    expect(refused([...base, '--chain', 'eip155:1=ftp://x'])).toMatch(/<caip2>=<http url>/)
    expect(refused([...base, '--smtp-url', 'http://mail'])).toMatch(/SMTP URL/)
    expect(refused([...base, '--database-url', 'mysql://x', '--data-dir', 'd'])).toMatch(/not both/)
    expect(refused([...base, '--port', '70000'])).toMatch(/not a port/)
    expect(refused([...base, '--client-ip-header', 'X Forwarded'])).toMatch(/header name/)
  })
})

describe('latchkit-frame-service while it starts', () => {
  // A database that takes the connection and never answers: the start stays under way.
  let silent: TcpServer
  let run: ServerProcess

  beforeAll(async () => {
    silent = createTcpServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    run = runFrameServiceCli(
      [...base, '--port', '0', '--database-url', `postgres://frame@127.0.0.1:${portOf(silent)}/frame`],
      { LATCHKIT_FRAME_SHARE_KEY: newShareKey(), LATCHKIT_FRAME_SMTP_URL: 'smtp://127.0.0.1:9' },
    )
  })
  afterAll(async () => {
    run?.child.kill('SIGKILL')
    await run?.exited
    silent?.close()
  })

  it('answers /healthz at once, /readyz 503 naming the database and the service, and the rest 503 STARTING', async () => {
    const url = (await run.waitForLine((line) => line.msg === 'listening', 'listening line')).url as string
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'live' })
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({
      code: 'NOT_READY',
      message: 'not ready: database, frame',
      details: { services: { database: 'starting', frame: 'starting' }, notReady: ['database', 'frame'] },
    })
    const origins = await fetch(`${url}/projects/v1/origins?projectId=${PROJECT}`)
    expect(origins.status).toBe(503)
    expect(await origins.json()).toMatchObject({ code: 'STARTING' })
    // Each answer is a JSON line of its own.
    await run.waitForLine((line) => line.msg === 'request' && line.path === '/readyz', 'request line')
  })
})

describe('latchkit-frame-service', () => {
  let mailbox: StartedMailbox
  // An RPC that holds each call until the test lets it go: a request under way at SIGTERM.
  let held: Server
  const waiting: (() => void)[] = []
  let run: ServerProcess
  let url = ''

  beforeAll(async () => {
    mailbox = await startMailbox()
    held = createServer((request, response) => {
      request.resume()
      waiting.push(() =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' })),
      )
    })
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve))
    run = runFrameServiceCli(
      [...base, '--port', '0', '--chain', `eip155:1=http://127.0.0.1:${portOf(held)}`],
      {
        LATCHKIT_FRAME_SHARE_KEY: newShareKey(),
        LATCHKIT_FRAME_SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
      },
    )
    url = await run.ready()
  })

  afterAll(async () => {
    if (run?.child.exitCode === null) run.child.kill('SIGKILL')
    for (const release of waiting.splice(0)) release()
    held?.close()
    await mailbox?.stop()
  })

  it('runs as a command, says each step as a JSON line, and is ready once its database and service are up', async () => {
    const events = run.lines().map((line) => `${line.msg} ${line.service ?? ''}`.trim())
    expect(events.slice(0, 4)).toEqual(['listening', 'up database', 'up frame', 'ready'])
    expect(run.lines().find((line) => line.service === 'database')?.detail).toBe(
      'PGlite in memory (gone on stop)',
    )
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ ready: true, services: { database: 'ready', frame: 'ready' } })
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
  })

  it('logs a person in with the mailed code, one request line per request', async () => {
    const email = newEmail()
    const login = await logIn(client(url), mailbox, email, newDeviceId())
    expect(login.user.email).toBe(email)
    const verify = await run.waitForLine(
      (line) => line.msg === 'request' && line.path === '/v1/email/verify',
      'request line of the verify',
    )
    expect(verify).toMatchObject({ level: 'info', service: 'frame', method: 'POST', status: 200 })
    expect(typeof verify.ms).toBe('number')
  })

  it('stops on SIGTERM once the request under way is answered, and exits 0', async () => {
    const { auth } = await logIn(client(url), mailbox, newEmail(), newDeviceId())
    const call = client(url).post(
      '/v1/rpc/eip155:1',
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      auth,
    )
    await expect.poll(() => waiting.length, { timeout: SERVER_WAIT_MS }).toBe(1)
    run.child.kill('SIGTERM')
    await run.waitForLine((line) => line.msg === 'stopping', 'stopping line')
    // The port waits for the call under way: its answer still reaches the caller.
    waiting.shift()?.()
    expect(await call).toMatchObject({ status: 200, body: { result: '0x1' } })
    expect(await run.exited).toBe(0)
    const events = run.lines().map((line) => `${line.msg} ${line.service ?? ''}`.trim())
    expect(events.slice(-4)).toEqual(['down http', 'down frame', 'down database', 'stopped'])
  })
})
