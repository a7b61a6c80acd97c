// Social login through the frame page in Chromium, against the real frame service and the
// devstack's local providers: the host page (the widget's side of the protocol by hand)
// asks the frame for the provider's URL, opens it in a popup where a person picks a dev
// user, takes the one-time result the service's callback page posts back (from the
// service's origin only), and hands it to the frame, which logs in and sets up the wallet
// behind its own password screen. A second browser profile (a new device) logging in with
// the same account recovers the same addresses with the password. A result posted by
// another page, and one used twice, log nobody in.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSocialProviders, startSocialProviders } from '../../../../devstack/oauth/index.js'
import { newLocalContext } from '../../../support/browser'
import { browserForFile } from '../../../support/browser-for-file'
import { type StaticServer, serveHtml } from '../../../support/static-server'
import { eventually } from '../../../support/waiting'
import { PROJECT, startServiceStack } from '../serviceHelpers.js'
import { frameHostPage } from './framePages/frameHostPage'

const getBrowser = browserForFile()
const PASSWORD = 'amber valley 9 comets'
const CHAIN = 'eip155:31337'
let host: StaticServer
let providers: StartedSocialProviders
let stack: Awaited<ReturnType<typeof startServiceStack>>

beforeAll(async () => {
  host = await serveHtml({ '/': frameHostPage })
  providers = await startSocialProviders()
  stack = await startServiceStack({
    projects: { [PROJECT]: { allowedOrigins: [new URL(host.url).origin] } },
    // Nothing answers here: the test reads addresses, which need no chain.
    chains: { [CHAIN]: 'http://127.0.0.1:9' },
    social: providers.social,
  })
})

afterAll(async () => {
  await Promise.all([stack?.stop(), host?.close(), providers?.stop()])
})

type Answer = { id: string; type: string; payload: Record<string, unknown> }
type HostWindow = {
  frameHost: {
    ready: boolean
    answers: Record<string, Answer>
    open(url: string): boolean
    request(type: string, payload: unknown): string
  }
  socialResults: { origin: string; data: { type?: string; result?: string; provider?: string } }[]
}

const frameUrl = () =>
  `${stack.service.url}/frame?projectId=${PROJECT}&chainId=${encodeURIComponent(CHAIN)}&version=test&enableLogger=true`

/** The host page with the frame embedded, and every message the window gets kept. */
async function openHost(page: Page) {
  await page.goto(host.url)
  await page.waitForFunction(() => 'frameHost' in window)
  await page.evaluate(() => {
    const w = window as unknown as HostWindow
    w.socialResults = []
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string })?.type === 'latchkit:social')
        w.socialResults.push({ origin: event.origin, data: event.data })
    })
  })
  await page.evaluate((url) => (window as unknown as HostWindow).frameHost.open(url), frameUrl())
  await eventually(() => page.evaluate(() => (window as unknown as HostWindow).frameHost.ready)).toBe(true)
  // settled: resolves with a request's answer only once it arrived, and each is answered once.
  const ask = async (type: string, payload: unknown = {}, timeout = 15_000): Promise<Answer> => {
    const id = await page.evaluate(
      ([type_, payload_]) => (window as unknown as HostWindow).frameHost.request(type_ as string, payload_),
      [type, payload] as const,
    )
    await eventually(
      () => page.evaluate((key) => key in (window as unknown as HostWindow).frameHost.answers, id),
      { timeout },
    ).toBe(true)
    // settled: the answer arrived (the wait above), and each request is answered once.
    return page.evaluate((key) => (window as unknown as HostWindow).frameHost.answers[key] as Answer, id)
  }
  return { frame: page.frameLocator('#wallet-frame'), ask }
}

/**
 * Asks the frame for the provider's URL, opens it in a popup as the widget does, picks the
 * dev user there, and resolves with the result the callback page posted to this window.
 */
async function logInWithPopup(page: Page, ask: Awaited<ReturnType<typeof openHost>>['ask'], user: string) {
  const start = await ask('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
  expect(start.type).toBe('GET_SOCIAL_REDIRECT_URI_SUCCESS')
  const uri = start.payload.uri as string
  expect(new URL(uri).origin).toBe(new URL(providers.providers.google.issuer).origin)
  const popupOpened = page.waitForEvent('popup')
  await page.evaluate((url) => void window.open(url, 'latchkit-social', 'width=480,height=640'), uri)
  const popup = await popupOpened
  await popup.getByRole('button', { name: new RegExp(`^${user}`, 'i') }).click()
  await eventually(() => page.evaluate(() => (window as unknown as HostWindow).socialResults.length)).toBe(1)
  // settled: the one message arrived (above); the callback page posts once and closes.
  const [message] = await page.evaluate(() => (window as unknown as HostWindow).socialResults)
  expect(message?.origin).toBe(stack.service.url)
  expect(message?.data).toMatchObject({ type: 'latchkit:social', provider: 'google' })
  return message?.data.result as string
}

const person = { eip155: '', solana: '' }

describe('social login through the frame', () => {
  it('logs a new person in with the popup, sets up the wallet behind the password screen, and answers their addresses without an email', async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const { frame, ask } = await openHost(page)
      const result = await logInWithPopup(page, ask, 'Alice')

      // A result is traded by the frame only: posting a made-up one changes nothing.
      const forged = await ask('CONNECT_SOCIAL', { uri: 'A'.repeat(43) })
      expect(forged.type).toBe('CONNECT_SOCIAL_ERROR')

      const connected = await ask('CONNECT_SOCIAL', { uri: result })
      expect(connected).toMatchObject({
        type: 'CONNECT_SOCIAL_SUCCESS',
        payload: { action: 'SETUP_WALLET', provider: 'google' },
      })
      // Used once: the same result again logs nobody in.
      const replayed = await ask('CONNECT_SOCIAL', { uri: result })
      expect(replayed.type).toBe('CONNECT_SOCIAL_ERROR')

      const setup = page.evaluate(() =>
        (window as unknown as HostWindow).frameHost.request('SETUP_WALLET', {}),
      )
      await frame.getByTestId('frame-password').fill(PASSWORD)
      await frame.getByTestId('frame-password-confirm').fill(PASSWORD)
      await frame.getByTestId('frame-password-submit').click()
      const setupId = await setup
      await eventually(
        () => page.evaluate((key) => (window as unknown as HostWindow).frameHost.answers[key]?.type, setupId),
        { timeout: 45_000 },
      ).toBe('SETUP_WALLET_SUCCESS')

      const evm = await ask('GET_USER', { chainId: CHAIN })
      expect(evm.type).toBe('GET_USER_SUCCESS')
      expect(evm.payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      // A person who logged in only with a social account has no login email.
      expect(evm.payload).not.toHaveProperty('email')
      const sol = await ask('GET_USER', { chainId: 'solana:localnet' })
      expect(sol.payload.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      person.eip155 = evm.payload.address as string
      person.solana = sol.payload.address as string
    } finally {
      await context.close()
    }
  }, 120_000)

  it('opens the same wallet on a new device with the password after logging in with the same account', async () => {
    expect(person.eip155).not.toBe('')
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const { frame, ask } = await openHost(page)
      const result = await logInWithPopup(page, ask, 'Alice')
      const connected = await ask('CONNECT_SOCIAL', { uri: result })
      expect(connected.payload).toMatchObject({ action: 'RECOVER_WALLET', provider: 'google' })

      const recover = page.evaluate(() =>
        (window as unknown as HostWindow).frameHost.request('RECOVER_WALLET', {}),
      )
      await frame.getByTestId('frame-recover-password').fill(PASSWORD)
      await frame.getByTestId('frame-recover-submit').click()
      const recoverId = await recover
      await eventually(
        () =>
          page.evaluate((key) => (window as unknown as HostWindow).frameHost.answers[key]?.type, recoverId),
        { timeout: 45_000 },
      ).toBe('RECOVER_WALLET_SUCCESS')
      expect((await ask('GET_USER', { chainId: CHAIN })).payload.address).toBe(person.eip155)
      expect((await ask('GET_USER', { chainId: 'solana:localnet' })).payload.address).toBe(person.solana)
    } finally {
      await context.close()
    }
  }, 120_000)
})
