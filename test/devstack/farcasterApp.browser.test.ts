/**
 * The dev Farcaster app in Chromium: opened with a relay's sign-in URI (or one pasted in),
 * it shows the request, and Approve signs as the chosen dev fid and completes the relay's
 * channel with the fid's profile picture, an SVG the app serves at /pfp/<fid>.svg; Reject
 * leaves the channel pending.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type DevFarcasterApp,
  startDevFarcasterApp,
} from '../../devstack/farcaster/devApp/startDevFarcasterApp.js'
import { devFarcasterUsers } from '../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../devstack/farcaster/relay.js'
import { channelStatus, createChannel } from '../../server/embedded-wallet/farcaster/relayClient.js'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'
import { expectText, expectTextContaining } from '../support/waiting.js'

const getBrowser = browserForFile()
const bob = devFarcasterUsers[1] as (typeof devFarcasterUsers)[number]
const request = { siweUri: 'https://app.example/login', domain: 'app.example' }

let relay: FarcasterRelay
let app: DevFarcasterApp
beforeAll(async () => {
  relay = await startFarcasterRelay()
  app = await startDevFarcasterApp({ relayUrl: relay.url })
})
afterAll(async () => {
  await app?.stop()
  await relay?.stop()
})

let context: BrowserContext
let page: Page
beforeEach(async () => {
  ;({ context } = await newLocalContext(getBrowser()))
  page = await context.newPage()
})
afterEach(() => context.close())

const byTestId = (id: string) => page.getByTestId(id)

describe('the dev Farcaster app', () => {
  it('shows the request of its URI and, on Approve, signs as the chosen fid', async () => {
    const channel = await createChannel({ relayUrl: relay.url }, { ...request, nonce: 'pagenonce0001' })
    await page.goto(`${app.url}?uri=${encodeURIComponent(channel.url)}`)
    await expectText(byTestId('farcaster-request-domain'), 'app.example')
    await expectText(byTestId('farcaster-request-uri'), 'https://app.example/login')
    await expectText(byTestId('farcaster-request-nonce'), 'pagenonce0001')
    await byTestId('farcaster-app-fid').selectOption(String(bob.fid))
    await byTestId('farcaster-app-approve').click()
    await expectTextContaining(byTestId('farcaster-app-result'), 'Signed in to app.example as @bob-dev')

    const status = await channelStatus({ relayUrl: relay.url }, channel.channelToken)
    if (status.state !== 'completed') throw new Error(`expected completed, got ${status.state}`)
    expect(status.fid).toBe(bob.fid)
    expect(status.pfpUrl).toBe(`${app.url}pfp/1002.svg`)
    expect(status.message).toContain('farcaster://fid/1002')
    expect(status.message).toContain('Chain ID: 10')
    expect(await recoverMessageAddress({ message: status.message, signature: status.signature })).toBe(
      bob.custody,
    )
  })

  it("serves each dev fid's picture as a generated SVG, and nothing for another fid", async () => {
    for (const [fid, letter] of [
      [1001, 'A'],
      [1002, 'B'],
    ] as const) {
      const answer = await fetch(`${app.url}pfp/${fid}.svg`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml\b/)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      const svg = await answer.text()
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/)
      expect(svg).toContain('<circle')
      expect(svg).toContain(`>${letter}</text></svg>`)
    }
    // Chromium draws it as an image.
    await page.goto(app.url)
    // settled: decode() resolves once the image is drawn; its size does not change after.
    const size = await page.evaluate(async (src) => {
      const image = new Image()
      image.src = src
      await image.decode()
      return [image.naturalWidth, image.naturalHeight]
    }, `${app.url}pfp/1001.svg`)
    expect(size).toEqual([64, 64])
    for (const path of ['pfp/1003.svg', 'pfp/1001.png', 'pfp/..%2F1001.svg']) {
      const missing = await fetch(`${app.url}${path}`)
      expect(missing.status, path).toBe(404)
      await missing.body?.cancel()
    }
  })

  it('takes a pasted URI, and Reject signs nothing', async () => {
    const channel = await createChannel({ relayUrl: relay.url }, request)
    await page.goto(app.url)
    await byTestId('farcaster-app-uri').fill('https://not-a-farcaster-uri.example/')
    await byTestId('farcaster-app-load').click()
    await expectText(byTestId('farcaster-app-error'), 'This is not a farcaster:// sign-in URI')
    await byTestId('farcaster-app-uri').fill(channel.url)
    await byTestId('farcaster-app-load').click()
    await expectText(byTestId('farcaster-request-nonce'), channel.nonce)
    await byTestId('farcaster-app-reject').click()
    await expectText(byTestId('farcaster-app-result'), 'Rejected: nothing was signed')
    expect(await channelStatus({ relayUrl: relay.url }, channel.channelToken)).toEqual({ state: 'pending' })
  })
})
