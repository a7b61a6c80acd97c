/**
 * The relay inside latchkit-server: on the API's port under /relay, the API still
 * answering beside it, and the command line that turns it on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CliError, readServerArgs } from '../../../server/cliArgs.js'
import { type RunningServer, startServer } from '../../../server/startServer.js'
import {
  connectRaw,
  expectPush,
  freshTopic,
  makeClientKey,
  relaySocketUrl,
  signRelayJwt,
  upgradeStatus,
} from './helpers.js'

let server: RunningServer

beforeAll(async () => {
  server = await startServer({
    // Never called here: the API is only asked for what needs no chain.
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9/' }],
    relay: { projectIds: ['latchkit-tests'] },
  })
})

afterAll(async () => {
  await server?.stop()
})

describe('latchkit-server with the relay', () => {
  it('serves the relay on its own port under /relay, beside the API', async () => {
    expect(server.relayUrl).toBe(`${server.url.replace('http://', 'ws://')}/relay`)
    const relayUrl = server.relayUrl as string
    const [alice, bob] = await Promise.all([connectRaw(relayUrl), connectRaw(relayUrl)])
    const topic = freshTopic()
    await bob.request('irn_subscribe', { topic })
    await alice.request('irn_publish', { topic, message: 'beside the API', ttl: 60 })
    await expectPush(bob, topic, 'beside the API')
    await Promise.all([alice.close(), bob.close()])
    const origins = await fetch(`${server.url}/projects/v1/origins?projectId=latchkit-tests`)
    expect(origins.status).toBe(200)
  })

  it('refuses a project id outside its list with 403, and upgrades elsewhere with 404', async () => {
    const relayUrl = server.relayUrl as string
    const token = signRelayJwt(makeClientKey(), relayUrl)
    expect(await upgradeStatus(relaySocketUrl(relayUrl, token, 'someone-else'))).toBe(403)
    expect(
      await upgradeStatus(relaySocketUrl(`${server.url.replace('http://', 'ws://')}/other`, token)),
    ).toBe(404)
  })
})

describe('its command line', () => {
  const rpc = ['--rpc', '1=https://rpc.example/1']

  it('reads --relay, --relay-public-url and --relay-project-id', () => {
    expect(readServerArgs([...rpc, '--relay'], {})?.relay).toEqual({})
    expect(
      readServerArgs(
        [
          ...rpc,
          '--relay',
          '--relay-public-url',
          'wss://api.example/relay',
          '--relay-project-id',
          'one',
          '--relay-project-id',
          'two',
        ],
        {},
      )?.relay,
    ).toEqual({ publicUrl: 'wss://api.example/relay', projectIds: ['one', 'two'] })
    expect(readServerArgs(rpc, {})).not.toHaveProperty('relay')
    // The relay keeps state: it may have a database of its own.
    expect(readServerArgs([...rpc, '--relay', '--data-dir', 'd'], {})?.database).toEqual({ dataDir: 'd' })
  })

  it.each([
    ['a public URL without --relay', ['--relay-public-url', 'wss://api.example/relay'], /need --relay/],
    [
      'an http public URL',
      ['--relay', '--relay-public-url', 'https://api.example/relay'],
      /ws:\/\/ or wss:\/\//,
    ],
    ['a project id with spaces', ['--relay', '--relay-project-id', 'a b'], /--relay-project-id a b/],
  ])('refuses %s', (_name, args, message) => {
    expect(() => readServerArgs([...rpc, ...args], {})).toThrow(CliError)
    expect(() => readServerArgs([...rpc, ...args], {})).toThrow(message)
  })
})
