// Farcaster login through the frame page in Chromium, against the real frame service, the
// devstack's auth relay and a local chain 10 with the Id Registry: the host page (the
// widget's side of the protocol by hand) asks the frame for the sign-in URI, the dev app's
// signing logic approves it at the relay as a person's Farcaster app would, and
// CONNECT_FARCASTER, which polls the service, answers the login (with the profile picture
// as avatarUrl); the wallet is then set up
// behind the frame's password screen. A wait stopped by ABORT leaves the flow usable, and a
// message signed by a key that is not the fid's custody address logs nobody in.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../devstack/anvil.js'
import { devAvatarUrl } from '../../../../devstack/farcaster/devApp/avatar.js'
import { approveSignIn, parseSignInUri } from '../../../../devstack/farcaster/devApp/signIn.js'
import {
  devFarcasterStranger,
  devFarcasterUsers,
  installIdRegistry,
} from '../../../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../../../devstack/farcaster/relay.js'
import { newLocalContext } from '../../../support/browser'
import { browserForFile } from '../../../support/browser-for-file'
import { type StaticServer, serveHtml } from '../../../support/static-server'
import { eventually } from '../../../support/waiting'
import { PROJECT, startServiceStack } from '../serviceHelpers.js'
import { frameHostPage } from './framePages/frameHostPage'

const getBrowser = browserForFile()
const PASSWORD = 'amber valley 9 comets'
const CHAIN = 'eip155:31337'
const [alice] = devFarcasterUsers as [(typeof devFarcasterUsers)[0]]
// Where a Farcaster app would serve alice's picture; the frame only passes the URL on.
const ALICE_PFP = devAvatarUrl('http://farcaster-app.test:4100/', alice.fid)
let host: StaticServer
let anvil: AnvilInstance
let relay: FarcasterRelay
let stack: Awaited<ReturnType<typeof startServiceStack>>

beforeAll(async () => {
  host = await serveHtml({ '/': frameHostPage })
  anvil = await startAnvil({ chainId: 10 })
  await installIdRegistry(anvil.rpcUrl)
  relay = await startFarcasterRelay()
  stack = await startServiceStack({
    projects: { [PROJECT]: { allowedOrigins: [new URL(host.url).origin] } },
    // Nothing answers here: the test reads addresses, which need no chain.
    chains: { [CHAIN]: 'http://127.0.0.1:9' },
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl },
  })
})

afterAll(async () => {
  await Promise.all([stack?.stop(), host?.close(), relay?.stop()])
  await anvil?.stop()
})

type Answer = { id: string; type: string; payload: Record<string, unknown> }
type HostWindow = {
  frameHost: {
    ready: boolean
    answers: Record<string, Answer>
    open(url: string): boolean
    request(type: string, payload: unknown): string
    abort(requestId: string): boolean
  }
}

const frameUrl = () =>
  `${stack.service.url}/frame?projectId=${PROJECT}&chainId=${encodeURIComponent(CHAIN)}&version=test&enableLogger=true`

/** The host page with the frame embedded; `send` posts a request, `answer` waits for its answer. */
async function openHost(page: Page) {
  await page.goto(host.url)
  await page.waitForFunction(() => 'frameHost' in window)
  await page.evaluate((url) => (window as unknown as HostWindow).frameHost.open(url), frameUrl())
  await eventually(() => page.evaluate(() => (window as unknown as HostWindow).frameHost.ready)).toBe(true)
  // settled: answers the id the host page gave the request it posted, not the page's state.
  const send = (type: string, payload: unknown = {}) =>
    page.evaluate(
      ([type_, payload_]) => (window as unknown as HostWindow).frameHost.request(type_ as string, payload_),
      [type, payload] as const,
    )
  // settled: resolves with a request's answer only once it arrived, and each is answered once.
  const answer = async (id: string, timeout = 15_000): Promise<Answer> => {
    await eventually(
      () => page.evaluate((key) => key in (window as unknown as HostWindow).frameHost.answers, id),
      { timeout },
    ).toBe(true)
    // settled: the answer arrived (the wait above), and each request is answered once.
    return page.evaluate((key) => (window as unknown as HostWindow).frameHost.answers[key] as Answer, id)
  }
  // settled: a request's answer, through answer() above.
  const ask = async (type: string, payload: unknown = {}) => answer(await send(type, payload))
  return { frame: page.frameLocator('#wallet-frame'), send, answer, ask }
}

/** The sign-in URI and flow id, as the widget would show the URI as a QR code. */
async function farcasterUri(ask: Awaited<ReturnType<typeof openHost>>['ask']) {
  const started = await ask('GET_FARCASTER_URI')
  expect(started.type).toBe('GET_FARCASTER_URI_SUCCESS')
  const uri = started.payload.uri as string
  expect(uri.startsWith('farcaster://connect?')).toBe(true)
  return { uri, channelId: started.payload.channelId as string }
}

/** Approves at the relay as the person's Farcaster app does. */
async function approveInApp(uri: string, signWith?: `0x${string}`) {
  const approved = await approveSignIn({
    relayUrl: relay.url,
    authKey: relay.authKey,
    request: parseSignInUri(uri),
    user: alice,
    pfpUrl: ALICE_PFP,
    ...(signWith ? { signWith } : {}),
  })
  expect(approved.status).toBe(201)
}

describe('Farcaster login through the frame', () => {
  it('logs fid 1001 in while CONNECT_FARCASTER waits, after an aborted wait, and sets up the wallet', async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const { frame, send, answer, ask } = await openHost(page)
      const { uri, channelId } = await farcasterUri(ask)
      expect(parseSignInUri(uri).domain).toBe(new URL(host.url).host)

      // A wait stopped by the widget ends with an error and leaves the flow as it was.
      const first = await send('CONNECT_FARCASTER', { channelId })
      await page.evaluate((id) => (window as unknown as HostWindow).frameHost.abort(id), first)
      expect((await answer(first)).type).toBe('CONNECT_FARCASTER_ERROR')

      const waiting = await send('CONNECT_FARCASTER', { channelId })
      await approveInApp(uri)
      const connected = await answer(waiting)
      expect(connected).toMatchObject({
        type: 'CONNECT_FARCASTER_SUCCESS',
        payload: { action: 'SETUP_WALLET', fid: 1001, username: 'alice-dev', avatarUrl: ALICE_PFP },
      })
      // The flow is used: waiting on it again logs nobody in.
      const replayed = await ask('CONNECT_FARCASTER', { channelId })
      expect(replayed).toMatchObject({
        type: 'CONNECT_FARCASTER_ERROR',
        payload: { code: 'FARCASTER_FLOW_INVALID' },
      })

      const setupId = await send('SETUP_WALLET')
      await frame.getByTestId('frame-password').fill(PASSWORD)
      await frame.getByTestId('frame-password-confirm').fill(PASSWORD)
      await frame.getByTestId('frame-password-submit').click()
      expect((await answer(setupId, 45_000)).type).toBe('SETUP_WALLET_SUCCESS')
      const user = await ask('GET_USER', { chainId: CHAIN })
      expect(user.type).toBe('GET_USER_SUCCESS')
      expect(user.payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(user.payload).not.toHaveProperty('email')
    } finally {
      await context.close()
    }
  }, 120_000)

  it("refuses a message signed by a key that is not the fid's custody address", async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const { send, answer, ask } = await openHost(page)
      const { uri, channelId } = await farcasterUri(ask)
      const waiting = await send('CONNECT_FARCASTER', { channelId })
      await approveInApp(uri, devFarcasterStranger.key)
      expect(await answer(waiting)).toMatchObject({
        type: 'CONNECT_FARCASTER_ERROR',
        payload: { code: 'FARCASTER_NOT_CUSTODY' },
      })
      // Nobody is logged in.
      expect((await ask('IS_CONNECTED')).payload).toEqual({ isConnected: false })
      expect((await ask('GET_USER', { chainId: CHAIN })).type).toBe('GET_USER_ERROR')
    } finally {
      await context.close()
    }
  }, 60_000)
})
