/**
 * The devstack's Farcaster auth relay over real HTTP: the protocol `@farcaster/auth-client`
 * speaks (channel, authenticate, status), its refusals and channel expiry.
 */
import { createAppClient, createWalletClient } from '@farcaster/auth-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveSignIn, parseSignInUri, signSignIn } from '../../devstack/farcaster/devApp/signIn.js'
import { devFarcasterUsers } from '../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../devstack/farcaster/relay.js'

const alice = devFarcasterUsers[0] as (typeof devFarcasterUsers)[number]
// The auth client's ethereum connector is only used to verify; these tests never verify.
const noChain = {
  getFid: () => Promise.reject(new Error('not used')),
  isValidAuthAddress: () => Promise.reject(new Error('not used')),
  publicClient: undefined as never,
}

let relay: FarcasterRelay
let clock = Date.now()
beforeAll(async () => {
  relay = await startFarcasterRelay({ ttlMs: 60_000, now: () => clock })
})
afterAll(() => relay.stop())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${relay.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const request = { siweUri: 'https://app.example/login', domain: 'app.example' }

describe('the Farcaster relay', () => {
  it('creates a channel, takes the signed message and hands it out once, through the auth client', async () => {
    const app = createAppClient({ relay: relay.url, ethereum: noChain })
    const channel = await app.createChannel({ ...request, nonce: 'abcdef123456' })
    if (channel.isError) throw channel.error
    expect(channel.response.status).toBe(201)
    expect(channel.data.nonce).toBe('abcdef123456')
    expect(channel.data.url.startsWith('farcaster://connect?')).toBe(true)
    const fromUri = parseSignInUri(channel.data.url)
    expect(fromUri).toMatchObject({
      channelToken: channel.data.channelToken,
      nonce: 'abcdef123456',
      ...request,
    })

    const pending = await app.status({ channelToken: channel.data.channelToken })
    if (pending.isError) throw pending.error
    expect(pending.response.status).toBe(202)
    expect(pending.data.state).toBe('pending')
    expect(pending.data.signatureParams).toMatchObject({ ...request, nonce: 'abcdef123456' })

    // The Farcaster app's side, with the auth client's own wallet actions.
    const wallet = createWalletClient({ relay: relay.url, ethereum: noChain })
    const { message, signature } = await signSignIn(fromUri, alice)
    const done = await wallet.authenticate({
      channelToken: channel.data.channelToken,
      authKey: relay.authKey,
      message,
      signature,
      fid: alice.fid,
      username: alice.username,
    })
    if (done.isError) throw done.error
    expect(done.response.status).toBe(201)

    const completed = await app.status({ channelToken: channel.data.channelToken })
    if (completed.isError) throw completed.error
    expect(completed.response.status).toBe(200)
    expect(completed.data).toMatchObject({
      state: 'completed',
      nonce: 'abcdef123456',
      message,
      signature,
      fid: alice.fid,
      username: 'alice-dev',
      authMethod: 'custody',
    })
    // Read once, then closed.
    const again = await app.status({ channelToken: channel.data.channelToken })
    if (again.isError) throw again.error
    expect(again.response.status).toBe(401)
  })

  it('makes a nonce when the app gives none, and the dev app signs it', async () => {
    const created = await post('/v1/channel', request)
    expect(created.status).toBe(201)
    const body = (await created.json()) as {
      channelToken: string
      url: string
      nonce: string
      connectUri: string
    }
    expect(body.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    expect(body.connectUri).toBe(body.url)
    const approved = await approveSignIn({
      relayUrl: relay.url,
      authKey: relay.authKey,
      request: parseSignInUri(body.url),
      user: alice,
    })
    expect(approved.status).toBe(201)
    expect(approved.body).toMatchObject({ state: 'completed', fid: alice.fid })
    // A second approval of the same channel is refused.
    const twice = await approveSignIn({
      relayUrl: relay.url,
      authKey: relay.authKey,
      request: parseSignInUri(body.url),
      user: alice,
    })
    expect(twice.status).toBe(409)
  })

  it('answers 401 for a missing, unknown or malformed channel token, and for a wrong relay key', async () => {
    const created = await post('/v1/channel', request)
    const { url } = (await created.json()) as { url: string }
    const signIn = parseSignInUri(url)
    const { message, signature } = await signSignIn(signIn, alice)
    const body = { message, signature, fid: alice.fid }

    expect((await fetch(`${relay.url}/v1/channel/status`)).status).toBe(401)
    for (const auth of ['Bearer nosuchchannel', 'Bearer ', 'Basic abc', `Bearer ${signIn.channelToken} x`]) {
      const res = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: auth } })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ error: 'Unauthorized' })
    }
    const key = { 'x-farcaster-auth-relay-key': relay.authKey }
    const bearer = { authorization: `Bearer ${signIn.channelToken}` }
    expect((await post('/v1/channel/authenticate', body, { ...bearer })).status).toBe(401)
    expect(
      (await post('/v1/channel/authenticate', body, { ...bearer, 'x-farcaster-auth-relay-key': 'wrong' }))
        .status,
    ).toBe(401)
    expect(
      (await post('/v1/channel/authenticate', body, { ...key, authorization: 'Bearer nosuch' })).status,
    ).toBe(401)
    // Still pending: none of those changed anything.
    const status = await fetch(`${relay.url}/v1/channel/status`, { headers: bearer })
    expect(status.status).toBe(202)
  })

  it('answers 400 JSON for bad input, never 5xx', async () => {
    const bad: unknown[] = [
      'not json',
      [],
      {},
      { domain: 'app.example' },
      { siweUri: 'app.example', domain: 'app.example' },
      { siweUri: 'javascript:alert(1)', domain: 'app.example' },
      { siweUri: 'https://app.example', domain: 'app example' },
      { ...request, nonce: 'short' },
      { ...request, nonce: 'has spaces in it' },
      { ...request, expirationTime: 'tomorrow' },
      { ...request, extra: 1 },
      { ...request, acceptAuthAddress: 'yes' },
    ]
    for (const body of bad) {
      const res = await post('/v1/channel', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    }
    expect((await post('/v1/channel', 'x'.repeat(20_000))).status).toBe(413)
    const wrongType = await fetch(`${relay.url}/v1/channel`, {
      method: 'POST',
      body: JSON.stringify(request),
    })
    expect(wrongType.status).toBe(415)

    const created = await post('/v1/channel', { ...request, nonce: 'nonce12345678' })
    const { url } = (await created.json()) as { url: string }
    const signIn = parseSignInUri(url)
    const { message, signature } = await signSignIn(signIn, alice)
    const other = await signSignIn({ ...signIn, nonce: 'othernonce999' }, alice)
    const headers = {
      'x-farcaster-auth-relay-key': relay.authKey,
      authorization: `Bearer ${signIn.channelToken}`,
    }
    const badAuth: unknown[] = [
      'not json',
      {},
      { message, signature },
      { message, signature: '0x1234', fid: alice.fid },
      { message, signature, fid: 0 },
      { message, signature, fid: 1.5 },
      { message, signature, fid: '1001' },
      { message, signature, fid: alice.fid, username: 'Not A Name' },
      { message, signature, fid: alice.fid, authMethod: 'password' },
      { message, signature, fid: alice.fid, pfpUrl: 'file:///etc/passwd' },
      { message: 'hello', signature, fid: alice.fid },
      { message: other.message, signature: other.signature, fid: alice.fid },
      { message, signature, fid: alice.fid, extra: true },
    ]
    for (const body of badAuth) {
      const res = await post('/v1/channel/authenticate', body, headers)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    // The channel is still pending, and a good answer still goes through.
    expect(
      (await post('/v1/channel/authenticate', { message, signature, fid: alice.fid }, headers)).status,
    ).toBe(201)
  })

  it('forgets a channel after its time to live', async () => {
    const created = await post('/v1/channel', request)
    const { channelToken } = (await created.json()) as { channelToken: string }
    const headers = { authorization: `Bearer ${channelToken}` }
    expect((await fetch(`${relay.url}/v1/channel/status`, { headers })).status).toBe(202)
    clock += 60_001
    expect((await fetch(`${relay.url}/v1/channel/status`, { headers })).status).toBe(401)
    expect(relay.openChannels()).toBe(0)
  })

  it('lets pages call it (CORS)', async () => {
    const preflight = await fetch(`${relay.url}/v1/channel/status`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
  })
})
