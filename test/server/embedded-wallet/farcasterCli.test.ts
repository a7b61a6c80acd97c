/**
 * `latchkit-frame-service`'s Farcaster flags: read into the `farcaster` option (both URLs or
 * none, checked), and a service started from them opens sign-in channels at the relay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FarcasterRelay, startFarcasterRelay } from '../../../devstack/farcaster/relay.js'
import { type StartedMailbox, startMailbox } from '../../../devstack/mailbox/index.js'
import { FrameCliError, readFrameServiceArgs } from '../../../server/embedded-wallet/cliArgs.js'
import { startFrameService } from '../../../server/embedded-wallet/index.js'
import { APP_ORIGIN, client, newDeviceId, newShareKey, PROJECT } from './serviceHelpers.js'

const base = ['--project', `${PROJECT}=${APP_ORIGIN}`, '--mail-from', 'login@app.example']
let relay: FarcasterRelay
let mailbox: StartedMailbox

beforeAll(async () => {
  relay = await startFarcasterRelay()
  mailbox = await startMailbox()
})

afterAll(async () => {
  await relay?.stop()
  await mailbox?.stop()
})

const env = () => ({
  LATCHKIT_FRAME_SHARE_KEY: newShareKey(),
  LATCHKIT_FRAME_SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
})

describe('the Farcaster flags', () => {
  it('read into the farcaster option; without them there is none', () => {
    const options = readFrameServiceArgs(
      [
        ...base,
        '--farcaster-relay-url',
        'https://relay.farcaster.xyz',
        '--farcaster-rpc-url',
        'https://mainnet.optimism.io',
        '--farcaster-domain',
        'app.example',
      ],
      env(),
    )
    expect(options?.farcaster).toEqual({
      relayUrl: 'https://relay.farcaster.xyz',
      rpcUrl: 'https://mainnet.optimism.io',
      domain: 'app.example',
    })
    expect(readFrameServiceArgs(base, env())).not.toHaveProperty('farcaster')
  })

  it('refuse one URL without the other, and URLs that are not http(s)', () => {
    for (const args of [
      ['--farcaster-relay-url', 'https://relay.farcaster.xyz'],
      ['--farcaster-rpc-url', 'https://mainnet.optimism.io'],
      ['--farcaster-domain', 'app.example'],
      ['--farcaster-relay-url', 'relay.farcaster.xyz', '--farcaster-rpc-url', 'https://mainnet.optimism.io'],
      ['--farcaster-relay-url', 'https://relay.farcaster.xyz', '--farcaster-rpc-url', 'ws://127.0.0.1:8545'],
    ])
      expect(() => readFrameServiceArgs([...base, ...args], env())).toThrow(FrameCliError)
  })

  it('start a service that opens sign-in channels at the relay', async () => {
    const options = readFrameServiceArgs(
      // The chain is not read to start a login: any http URL will do here.
      [
        ...base,
        '--farcaster-relay-url',
        relay.url,
        '--farcaster-rpc-url',
        'http://127.0.0.1:9',
        '--port',
        '0',
      ],
      env(),
    )
    if (!options) throw new Error('expected options')
    const service = await startFrameService(options)
    try {
      const open = relay.openChannels()
      const started = await client(service.url).post<{ url: string; channelId: string }>(
        '/v1/farcaster/start',
        { projectId: PROJECT, deviceId: newDeviceId(), parentOrigin: APP_ORIGIN },
      )
      expect(started.status).toBe(200)
      expect(started.body.url).toMatch(/^farcaster:\/\/connect\?/)
      expect(relay.openChannels()).toBe(open + 1)
    } finally {
      await service.stop()
    }
  })
})
