// The widget's frame client in Chromium against a stub frame on a second origin: the
// handshake, the timings, the error texts, ABORT, the overlay, and attacks that change
// nothing (a foreign page forging frame messages, a right-origin message of the wrong
// shape, the host page reaching into the frame to approve for the person).
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { serveBundledPage } from '../../support/bundledPage'
import { type StaticServer, serveHtml } from '../../support/static-server'
import { eventually } from '../../support/waiting'
import { forgerPage, stubFramePage } from './widgetPages/stubFrame'

const getBrowser = browserForFile()
let host: StaticServer
let frame: StaticServer
let foreign: StaticServer

beforeAll(async () => {
  frame = await serveHtml({ '/frame': stubFramePage })
  foreign = await serveHtml({ '/': forgerPage })
  host = await serveBundledPage({
    entry: fileURLToPath(new URL('./widgetPages/hostPage.ts', import.meta.url)),
    title: 'frame client test',
    configGlobal: 'widgetFrameTestConfig',
    config: { frameUrl: frame.url, foreignUrl: foreign.url },
  })
})

afterAll(async () => {
  await Promise.all([host?.close(), frame?.close(), foreign?.close()])
})

const origin = (url: string) => new URL(url).origin

/** A fresh page on the host origin with the harness loaded. */
async function openHost(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context } = await newLocalContext(getBrowser())
  const page = await context.newPage()
  await page.goto(host.url)
  await page.waitForFunction(() => 'frameHarness' in window)
  return { page, close: () => context.close() }
}

type Harness = {
  lines: string[]
  results: Record<string, unknown>
  events: { type: string }[]
  start(projectId: string, timings?: Record<string, number>): boolean
  request(label: string, type: string, payload: unknown): boolean
  abort(label: string): boolean
  iframe(): {
    src: string
    title: string
    ariaHidden: string | null
    box: { left: number; top: number; width: number; height: number }
    sameNode: boolean
  }
  reachIntoFrame(): string
  overlay(): boolean
  embedForger(): Promise<boolean>
  destroy(): boolean
}
const harness = (page: Page) => ({
  run: <T>(call: (h: Harness) => T | Promise<T>) =>
    page.evaluate(`(${call.toString()})(window.frameHarness)`) as Promise<T>,
  result: (label: string) =>
    page.evaluate((key) => (window as unknown as { frameHarness: Harness }).frameHarness.results[key], label),
  lines: () =>
    page.evaluate(() => (window as unknown as { frameHarness: Harness }).frameHarness.lines.join('\n')),
  events: () =>
    page.evaluate(() =>
      (window as unknown as { frameHarness: Harness }).frameHarness.events.map((e) => e.type),
    ),
})

/** What the stub frame received, read inside the frame (its own origin). */
function stubLog(page: Page): Promise<unknown[][]> {
  const stub = page.frames().find((f) => f.url().startsWith(origin(frame.url)))
  if (!stub) return Promise.resolve([])
  return stub.evaluate(() => (window as unknown as { stubLog: unknown[][] }).stubLog ?? [])
}

describe('the frame client in Chromium', () => {
  it('loads the frame hidden with the protocol query, connects on its ready message and answers after the ready wait', async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('p1', { readyWaitMs: 400 }))
    await eventually(() => h.result('ready')).toEqual({ value: null })
    const iframe = await h.run((x) => x.iframe())
    const src = new URL(iframe.src)
    expect(src.origin + src.pathname).toBe(`${origin(frame.url)}/frame`)
    expect(Object.fromEntries(src.searchParams)).toEqual({
      projectId: 'p1',
      chainId: 'eip155:31337',
      version: '4',
      enableLogger: 'true',
    })
    expect(iframe.title).toBe('Latchkit embedded wallet')
    expect(iframe.ariaHidden).toBe('true')
    expect(iframe.box.width).toBe(0)
    expect(iframe.box.height).toBe(0)

    await h.run((x) => x.request('user', 'GET_USER', { chainId: 'eip155:31337' }))
    await eventually(() => h.result('user')).toMatchObject({
      value: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 'eip155:31337' },
    })
    const log = await stubLog(page)
    const connects = log.filter((entry) => entry[0] === 'connect')
    expect(connects).toHaveLength(1)
    const requests = log.filter((entry) => entry[0] === 'request')
    const [, , id, at] = requests[0] as [string, string, string, number]
    // The first request waits the ready wait after the handshake.
    expect(at - (connects[0]?.[1] as number)).toBeGreaterThanOrEqual(390)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await close()
  })

  it('fails the load after the load timeout with iframe_load_failed', async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('silent', { loadTimeoutMs: 300 }))
    await eventually(() => h.result('ready')).toEqual({
      code: 'iframe_load_failed',
      message: 'Unable to load email login dependency',
    })
    await close()
  })

  it('reports a frame that refuses the page origin as Invalid App Configuration', async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('refuse'))
    await eventually(() => h.result('ready')).toEqual({
      code: 'EMBEDDED_WALLET_ORIGIN_REFUSED',
      message: 'Invalid App Configuration',
    })
    await close()
  })

  it('times out a login-type request with iframe_request_timeout and tells the frame to stop', async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('p1', { readyWaitMs: 0, loginTimeoutMs: 300 }))
    await h.run((x) => x.request('device', 'CONNECT_DEVICE', {}))
    await eventually(() => h.result('device')).toEqual({
      code: 'iframe_request_timeout',
      message: 'Embedded Wallet Request Timed Out',
    })
    await eventually(() => stubLog(page)).toEqual(
      expect.arrayContaining([expect.arrayContaining(['request', 'ABORT'])]),
    )
    await close()
  })

  it("rejects with the frame's message, else 'An error occurred'", async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('p1', { readyWaitMs: 0 }))
    await h.run((x) => x.request('wrong', 'CONNECT_OTP', { otp: '000000' }))
    await h.run((x) => x.request('bare', 'CONNECT_OTP', { otp: '111111' }))
    await h.run((x) => x.request('good', 'CONNECT_OTP', { otp: '123456' }))
    await h.run((x) =>
      x.request('denied', 'RPC_REQUEST', { chainId: 'eip155:31337', method: 'eth_sign', params: [] }),
    )
    await eventually(() => h.result('wrong')).toMatchObject({ message: 'Invalid code' })
    await eventually(() => h.result('bare')).toMatchObject({ message: 'An error occurred' })
    await eventually(() => h.result('good')).toEqual({ value: { action: 'CONNECT' } })
    await eventually(() => h.result('denied')).toMatchObject({ message: 'Requested RPC call is not allowed' })
    await close()
  })

  it('refuses to send a payload that breaks the protocol, and drops an answer with fields the protocol does not name', async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('badanswer', { readyWaitMs: 0 }))
    await h.run((x) => x.request('email', 'CONNECT_EMAIL', { email: 'not an email' }))
    await h.run((x) => x.request('user', 'GET_USER', { chainId: 'eip155:31337' }))
    await eventually(() => h.result('email')).toMatchObject({ code: 'VALIDATION_FAILED' })
    await eventually(() => h.result('user')).toMatchObject({ code: 'EMBEDDED_WALLET_BAD_ANSWER' })
    await eventually(() => h.lines()).toContain('GET_USER_SUCCESS payload')
    // settled: the bad payload was refused before anything was posted, and the frame answered the request sent after it.
    const log = await stubLog(page)
    expect(log.some((entry) => entry[1] === 'CONNECT_EMAIL')).toBe(false)
    await close()
  })

  it('drops a message from the right origin and window with the wrong shape, and logs it', async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('badshape', { readyWaitMs: 0 }))
    await eventually(() => h.result('ready')).toEqual({ value: null })
    await eventually(() => h.lines()).toContain(
      'dropped a frame message (window): not a frame message: version',
    )
    await close()
  })

  it("resolves an unsafe request only after the person approves in the frame: the host page cannot reach the frame's screen, and a foreign page's forged messages change nothing", async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('p1', { readyWaitMs: 0 }))
    await eventually(() => h.result('ready')).toEqual({ value: null })
    await h.run((x) => x.overlay())
    await h.run((x) =>
      x.request('sign', 'RPC_REQUEST', {
        chainId: 'eip155:31337',
        method: 'personal_sign',
        params: ['0x68', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      }),
    )
    await eventually(() => h.events()).toContain('FRAME_SHOW')
    // Shown over the placeholder (40, 60, 300 wide) at the height the frame asked for, not moved.
    await eventually(() => h.run((x) => x.iframe())).toMatchObject({
      ariaHidden: null,
      box: { left: 40, top: 60, width: 300, height: 240 },
      sameNode: true,
    })

    expect(await h.run((x) => x.reachIntoFrame())).toBe('SecurityError')
    await h.run((x) => x.embedForger())
    const forger = page.frames().find((f) => f.url().startsWith(origin(foreign.url)))
    // settled: forge() posts its messages synchronously and returns true; what they did is awaited below.
    expect(await forger?.evaluate(() => (window as unknown as { forge(): boolean }).forge())).toBe(true)
    await eventually(() => h.lines()).toContain(
      `dropped a frame message (window): origin ${origin(foreign.url)} from another window`,
    )
    // settled: the forged answer and events were handled (logged) above; nothing settled the request.
    expect(await h.result('sign')).toBe('pending')
    expect(await h.events()).toEqual(['FRAME_SHOW'])

    await page.frameLocator('iframe[data-latchkit-frame]').getByRole('button', { name: 'Approve' }).click()
    await eventually(() => h.result('sign')).toEqual({ value: { result: '0x5167' } })
    await eventually(() => h.events()).toEqual(['FRAME_SHOW', 'FRAME_HIDE'])
    await eventually(() => h.run((x) => x.iframe().box)).toMatchObject({ width: 0, height: 0 })
    await close()
  })

  it("aborts a waiting RPC request with 'Request was aborted' and sends ABORT naming it", async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('p1', { readyWaitMs: 0 }))
    await h.run((x) =>
      x.request('sign', 'RPC_REQUEST', {
        chainId: 'eip155:31337',
        method: 'personal_sign',
        params: ['0x68', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      }),
    )
    await eventually(() => h.events()).toContain('FRAME_SHOW')
    await h.run((x) => x.abort('sign'))
    await eventually(() => h.result('sign')).toEqual({
      code: 'EMBEDDED_WALLET_RPC_ABORTED',
      message: 'Request was aborted',
    })
    await eventually(() => stubLog(page)).toEqual(
      expect.arrayContaining([expect.arrayContaining(['request', 'ABORT'])]),
    )
    const entries = await stubLog(page)
    const signId = entries.find((entry) => entry[1] === 'RPC_REQUEST')?.[2]
    const abort = entries.find((entry) => entry[1] === 'ABORT')?.[4] as { requestId: string }
    expect(abort.requestId).toBe(signId)
    await close()
  })

  it("aborts any other request with 'Something went wrong'", async () => {
    const { page, close } = await openHost()
    const h = harness(page)
    await h.run((x) => x.start('p1', { readyWaitMs: 0 }))
    await h.run((x) => x.request('device', 'CONNECT_DEVICE', {}))
    await h.run((x) => x.abort('device'))
    await eventually(() => h.result('device')).toEqual({
      code: 'EMBEDDED_WALLET_ABORTED',
      message: 'Something went wrong',
    })
    await close()
  })
})
