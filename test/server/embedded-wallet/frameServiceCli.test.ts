/**
 * `latchkit-frame-service`: its command line read into options (secrets only from the
 * environment), and the command itself run as a process, logging a person in with the
 * code from the devstack mailbox.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killOnExit } from '../../../devstack/kill-on-exit.js'
import { type StartedMailbox, startMailbox } from '../../../devstack/mailbox/index.js'
import {
  DEFAULT_FRAME_PORT,
  FrameCliError,
  parseSmtpUrl,
  readFrameServiceArgs,
} from '../../../server/embedded-wallet/cliArgs.js'
import { APP_ORIGIN, client, logIn, newDeviceId, newEmail, newShareKey, PROJECT } from './serviceHelpers.js'

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

describe('latchkit-frame-service', () => {
  let mailbox: StartedMailbox
  let child: ChildProcess | undefined
  let output = ''

  beforeAll(async () => {
    mailbox = await startMailbox()
  })

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await mailbox?.stop()
  })

  it('runs as a command and logs a person in with the mailed code', async () => {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/embedded-wallet/cli.ts', ...base, '--port', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: '',
          PORT: '',
          LATCHKIT_FRAME_SHARE_KEY: newShareKey(),
          LATCHKIT_FRAME_SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
        },
      },
    )
    killOnExit(child)
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    // tsx compiles the service on start: half a minute on a loaded 2-core machine.
    const deadline = Date.now() + 90_000
    let url: string | undefined
    while (!url) {
      url = /latchkit-frame-service: (http:\/\/\S+)/.exec(output)?.[1]
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`latchkit-frame-service did not start:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(output).toContain('PGlite in memory')
    const email = newEmail()
    const login = await logIn(client(url), mailbox, email, newDeviceId())
    expect(login.user.email).toBe(email)
  }, 120_000)
})
