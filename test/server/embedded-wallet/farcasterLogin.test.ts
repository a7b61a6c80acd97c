/**
 * Farcaster login over real HTTP: the frame service against the devstack's auth relay and a
 * local chain 10 with the Id Registry. start opens a channel, the dev app's signing logic
 * approves it as fid 1001, finish answers pending before and a session after, and the
 * session creates a wallet; the same fid again is the same user. The finish carries the
 * profile picture the dev app serves, and nothing but an http(s) URL. And the attacks that must
 * log nobody in: a message signed by a key that is not the fid's custody address, a finish
 * from another device, a replayed finish, an unknown flow, an origin the project does not
 * allow, an expired flow, a relay that does not answer, a service without Farcaster.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import { devAvatarUrl } from '../../../devstack/farcaster/devApp/avatar.js'
import { approveSignIn, parseSignInUri } from '../../../devstack/farcaster/devApp/signIn.js'
import {
  type DevFarcasterApp,
  startDevFarcasterApp,
} from '../../../devstack/farcaster/devApp/startDevFarcasterApp.js'
import {
  devFarcasterStranger,
  devFarcasterUsers,
  installIdRegistry,
} from '../../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../../devstack/farcaster/relay.js'
import { channelStatus } from '../../../server/embedded-wallet/farcaster/relayClient.js'
import { startFrameService } from '../../../server/embedded-wallet/index.js'
import { type Listening, listen } from '../../../server/http/listen.js'
import {
  APP_ORIGIN,
  type Client,
  client,
  movableClock,
  newDeviceId,
  PROJECT,
  rowCount,
  serviceOptions,
  startServiceStack,
  walletBody,
} from './serviceHelpers.js'

const [alice, bob] = devFarcasterUsers as [(typeof devFarcasterUsers)[0], (typeof devFarcasterUsers)[0]]
const clock = movableClock()
let anvil: AnvilInstance
let relay: FarcasterRelay
let app: DevFarcasterApp
let pglite: PGlite
let stack: Awaited<ReturnType<typeof startServiceStack>>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 10 })
  await installIdRegistry(anvil.rpcUrl)
  relay = await startFarcasterRelay()
  app = await startDevFarcasterApp({ relayUrl: relay.url })
  pglite = new PGlite()
  stack = await startServiceStack({
    database: pglite,
    now: clock.now,
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl },
  })
})

afterAll(async () => {
  await stack?.stop()
  await pglite?.close()
  await app?.stop()
  await relay?.stop()
  await anvil?.stop()
})

type Start = { url: string; channelId: string }
type Finished = {
  state: 'completed'
  sessionToken: string
  user: { id: string; email: string | null }
  wallet: string
  provider: string
  parentOrigin: string
  fid: number
  username: string | null
  pfpUrl: string | null
}

async function start(api: Client, deviceId: string, parentOrigin = APP_ORIGIN) {
  return api.post<Start>('/v1/farcaster/start', { projectId: PROJECT, deviceId, parentOrigin })
}

const finish = (api: Client, deviceId: string, channelId: string) =>
  api.post<Finished | { state: 'pending' } | { code: string }>('/v1/farcaster/finish', {
    projectId: PROJECT,
    deviceId,
    channelId,
  })

/**
 * Approves a started flow at the relay, as the person's Farcaster app does, with the
 * picture the dev app serves for `user`.
 */
async function approve(url: string, user = alice, signWith?: `0x${string}`) {
  const approved = await approveSignIn({
    relayUrl: relay.url,
    authKey: relay.authKey,
    request: parseSignInUri(url),
    user,
    pfpUrl: devAvatarUrl(app.url, user.fid),
    ...(signWith ? { signWith } : {}),
  })
  expect(approved.status).toBe(201)
}

/** A whole login as `user` on `deviceId`. */
async function farcasterLogin(deviceId: string, user = alice): Promise<Finished> {
  const started = await start(stack.api, deviceId)
  expect(started.status).toBe(200)
  await approve(started.body.url, user)
  const done = await finish(stack.api, deviceId, started.body.channelId)
  expect(done.status).toBe(200)
  return done.body as Finished
}

/** What a refused login must leave as it was. */
async function counts() {
  const one = (table: string) => rowCount(pglite, table)
  return {
    users: await one('ew_users'),
    identities: await one('ew_identities'),
    devices: await one('ew_devices'),
    sessions: await one('ew_sessions'),
  }
}

describe('Farcaster login', () => {
  it('start, the approval in the Farcaster app, finish: pending before, a session after that creates a wallet', async () => {
    const deviceId = newDeviceId()
    const started = await start(stack.api, deviceId)
    expect(started.status).toBe(200)
    const request = parseSignInUri(started.body.url)
    // The app is asked to sign for the app's origin. The URI carries the relay's channel token
    // (the Farcaster app authenticates with it); the flow's id is another value, and only it
    // finishes (see the attacks below).
    expect(request).toMatchObject({ domain: 'app.test:5173', siweUri: APP_ORIGIN })
    expect(started.body.channelId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(started.body.channelId).not.toBe(request.channelToken)
    expect(request.expirationTime).toBeDefined()

    const pending = await finish(stack.api, deviceId, started.body.channelId)
    expect(pending).toMatchObject({ status: 200, body: { state: 'pending' } })

    await approve(started.body.url)
    const done = await finish(stack.api, deviceId, started.body.channelId)
    expect(done).toMatchObject({
      status: 200,
      body: {
        state: 'completed',
        fid: 1001,
        username: 'alice-dev',
        pfpUrl: `${app.url}pfp/1001.svg`,
        provider: 'farcaster',
        parentOrigin: APP_ORIGIN,
        wallet: 'none',
        user: { email: null },
      },
    })
    const login = done.body as Finished
    // The picture is the dev app's, a generated SVG with the username's first letter.
    const picture = await fetch(login.pfpUrl as string)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml\b/)
    const svg = await picture.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain('>A</text>')
    const auth = { token: login.sessionToken, deviceId }
    const created = await stack.api.post('/v1/wallet', walletBody(), auth)
    expect(created.status).toBe(200)
    const session = await stack.api.get('/v1/session', auth)
    expect(session).toMatchObject({
      status: 200,
      body: { user: { id: login.user.id, email: null }, wallet: 'this-device' },
    })
    const { rows } = await pglite.query<{ provider: string; user_id: string; name: string }>(
      `SELECT provider, user_id, name FROM ew_identities WHERE issuer = 'farcaster' AND subject = '1001'`,
    )
    expect(rows).toEqual([{ provider: 'farcaster', user_id: login.user.id, name: 'alice-dev' }])

    // The same fid again, on another device, is the same user with the wallet elsewhere.
    const again = await farcasterLogin(newDeviceId())
    expect(again.user.id).toBe(login.user.id)
    expect(again.wallet).toBe('other-device')
    // Another fid is another user.
    const byBob = await farcasterLogin(newDeviceId(), bob)
    expect(byBob).toMatchObject({
      fid: 1002,
      username: 'bob-dev',
      pfpUrl: devAvatarUrl(app.url, 1002),
      wallet: 'none',
    })
    expect(await (await fetch(byBob.pfpUrl as string)).text()).toContain('>B</text>')
    const unknownFid = await fetch(devAvatarUrl(app.url, 4242))
    expect(unknownFid.status).toBe(404)
    await unknownFid.body?.cancel()
    expect(byBob.user.id).not.toBe(login.user.id)
  })

  it('names a configured domain in the request instead of the app origin', async () => {
    const service = await startFrameService(
      serviceOptions(stack.mailbox, {
        database: pglite,
        farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, domain: 'login.app.test' },
      }),
    )
    try {
      const api = client(service.url)
      const deviceId = newDeviceId()
      const started = await start(api, deviceId)
      expect(parseSignInUri(started.body.url).domain).toBe('login.app.test')
      await approve(started.body.url)
      expect((await finish(api, deviceId, started.body.channelId)).body).toMatchObject({
        state: 'completed',
        fid: 1001,
      })
    } finally {
      await service.stop()
    }
  })

  it("passes on the relay's profile picture only as an http(s) URL of at most 2048 characters, else null", async () => {
    // A relay that answers each completed status with the picture set here: the devstack's
    // relay itself refuses anything but an http(s) URL, a real one might not.
    let pfpUrl: string | undefined
    const lying: Listening = await listen(async (request) => {
      const url = new URL(request.url)
      const headers = new Headers()
      for (const name of ['authorization', 'content-type']) {
        const value = request.headers.get(name)
        if (value !== null) headers.set(name, value)
      }
      const upstream = await fetch(`${relay.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        ...(request.method === 'GET' ? {} : { body: await request.text() }),
      })
      const body = (await upstream.json()) as Record<string, unknown>
      const rewritten =
        url.pathname.endsWith('/status') && body.state === 'completed' ? { ...body, pfpUrl } : body
      return Response.json(rewritten, { status: upstream.status })
    })
    const service = await startFrameService(
      serviceOptions(stack.mailbox, {
        database: pglite,
        now: clock.now,
        farcaster: { relayUrl: lying.url, rpcUrl: anvil.rpcUrl },
      }),
    )
    try {
      const api = client(service.url)
      const longest = `https://pfp.example/${'a'.repeat(2048 - 'https://pfp.example/'.length)}`
      for (const [given, answered] of [
        ['javascript:alert(1)', null],
        ['data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', null],
        [' https://pfp.example/padded.png', null],
        [`${longest}b`, null],
        ['not a url', null],
        [undefined, null],
        [longest, longest],
        ['http://pfp.example/alice.png', 'http://pfp.example/alice.png'],
      ] as const) {
        pfpUrl = given
        const deviceId = newDeviceId()
        const started = await start(api, deviceId)
        expect(started.status).toBe(200)
        await approve(started.body.url)
        const done = await finish(api, deviceId, started.body.channelId)
        expect(done, String(given)).toMatchObject({
          status: 200,
          body: { state: 'completed', fid: 1001, pfpUrl: answered },
        })
      }
    } finally {
      await service.stop()
      await lying.close()
    }
  })
})

describe('attacks that log nobody in', () => {
  it('a message for fid 1001 signed by a key that is not its custody address: refused, nothing stored, the flow used up', async () => {
    for (const signWith of [devFarcasterStranger.key, bob.custodyKey]) {
      const deviceId = newDeviceId()
      const started = await start(stack.api, deviceId)
      await approve(started.body.url, alice, signWith)
      const before = await counts()
      const refused = await finish(stack.api, deviceId, started.body.channelId)
      expect(refused).toMatchObject({ status: 403, body: { code: 'FARCASTER_NOT_CUSTODY' } })
      expect(await counts()).toEqual(before)
      const again = await finish(stack.api, deviceId, started.body.channelId)
      expect(again).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_INVALID' } })
    }
  })

  it("a finish from another device: refused without reading the relay, and the flow's own device still finishes once", async () => {
    const deviceId = newDeviceId()
    const started = await start(stack.api, deviceId)
    await approve(started.body.url)
    const before = await counts()
    const elsewhere = await finish(stack.api, newDeviceId(), started.body.channelId)
    expect(elsewhere).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_INVALID' } })
    const otherProject = await stack.api.post('/v1/farcaster/finish', {
      projectId: 'closed-project',
      deviceId,
      channelId: started.body.channelId,
    })
    expect(otherProject).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_INVALID' } })
    expect(await counts()).toEqual(before)
    // The result is still at the relay for the right device...
    const done = await finish(stack.api, deviceId, started.body.channelId)
    expect(done).toMatchObject({ status: 200, body: { state: 'completed', fid: 1001 } })
    // ...and a replayed finish logs nobody in.
    const afterLogin = await counts()
    const replayed = await finish(stack.api, deviceId, started.body.channelId)
    expect(replayed).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_INVALID' } })
    expect(await counts()).toEqual(afterLogin)
  })

  it('two finishes at once on two instances of one database: one session, the other refused', async () => {
    const second = await startFrameService(
      serviceOptions(stack.mailbox, {
        database: pglite,
        now: clock.now,
        farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl },
      }),
    )
    try {
      const deviceId = newDeviceId()
      const started = await start(stack.api, deviceId)
      await approve(started.body.url)
      const before = await counts()
      const answers = await Promise.all([
        finish(stack.api, deviceId, started.body.channelId),
        finish(client(second.url), deviceId, started.body.channelId),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
      expect((await counts()).sessions).toBe(before.sessions + 1)
    } finally {
      await second.stop()
    }
  })

  it('a result read at the relay by whoever saw the URI: the finish says the sign-in is gone, nobody is logged in', async () => {
    const deviceId = newDeviceId()
    const started = await start(stack.api, deviceId)
    await approve(started.body.url)
    const stolen = await channelStatus({ relayUrl: relay.url }, parseSignInUri(started.body.url).channelToken)
    expect(stolen.state).toBe('completed')
    const before = await counts()
    const late = await finish(stack.api, deviceId, started.body.channelId)
    expect(late).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_EXPIRED' } })
    expect(await counts()).toEqual(before)
  })

  it('an unknown or malformed channelId, and one from the relay (a channel token): refused', async () => {
    const deviceId = newDeviceId()
    const before = await counts()
    const unknown = await finish(stack.api, deviceId, 'A'.repeat(43))
    expect(unknown).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_INVALID' } })
    const malformed = await finish(stack.api, deviceId, 'not-an-id')
    expect(malformed).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } })
    const started = await start(stack.api, deviceId)
    await approve(started.body.url)
    const token = parseSignInUri(started.body.url).channelToken
    const byToken = await finish(stack.api, deviceId, token)
    expect(byToken.status).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it('an origin the project does not allow, and an unknown project: refused at start, no channel opened', async () => {
    const deviceId = newDeviceId()
    const open = relay.openChannels()
    const evil = await start(stack.api, deviceId, 'https://evil.example')
    expect(evil).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
    const unknown = await stack.api.post('/v1/farcaster/start', {
      projectId: 'no-such-project',
      deviceId,
      parentOrigin: APP_ORIGIN,
    })
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_PROJECT' } })
    expect(relay.openChannels()).toBe(open)
  })

  it('a flow older than ten minutes: its finish is refused as expired, even once approved', async () => {
    const deviceId = newDeviceId()
    const started = await start(stack.api, deviceId)
    await approve(started.body.url)
    const before = await counts()
    clock.advance(10 * 60 * 1000 + 1000)
    try {
      const late = await finish(stack.api, deviceId, started.body.channelId)
      expect(late).toMatchObject({ status: 400, body: { code: 'FARCASTER_FLOW_EXPIRED' } })
    } finally {
      clock.advance(-(10 * 60 * 1000 + 1000))
    }
    expect(await counts()).toEqual(before)
  })

  it('a relay that does not answer is 502 RELAY_UNAVAILABLE with no flow stored; a service without Farcaster says so', async () => {
    const down = await startFrameService(
      serviceOptions(stack.mailbox, {
        database: pglite,
        // Nothing listens on port 9.
        farcaster: { relayUrl: 'http://127.0.0.1:9', rpcUrl: anvil.rpcUrl },
      }),
    )
    const none = await startFrameService(serviceOptions(stack.mailbox, { database: pglite }))
    try {
      const flows = () => rowCount(pglite, 'ew_farcaster_flows')
      const stored = await flows()
      const refused = await start(client(down.url), newDeviceId())
      expect(refused).toMatchObject({ status: 502, body: { code: 'RELAY_UNAVAILABLE' } })
      expect(await flows()).toBe(stored)
      const off = await start(client(none.url), newDeviceId())
      expect(off).toMatchObject({ status: 501, body: { code: 'FARCASTER_NOT_CONFIGURED' } })
      const offFinish = await finish(client(none.url), newDeviceId(), 'A'.repeat(43))
      expect(offFinish).toMatchObject({ status: 501, body: { code: 'FARCASTER_NOT_CONFIGURED' } })
    } finally {
      await down.stop()
      await none.stop()
    }
  })

  it('set-up mistakes stop the service', async () => {
    for (const farcaster of [
      { relayUrl: 'not a url', rpcUrl: anvil.rpcUrl },
      { relayUrl: relay.url, rpcUrl: 'ftp://chain.example' },
      { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, domain: 'https://app.example/' },
    ])
      await expect(
        startFrameService(serviceOptions(stack.mailbox, { database: pglite, farcaster })),
      ).rejects.toThrow(/farcaster\./)
  })
})
