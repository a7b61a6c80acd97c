/**
 * Farcaster login in the demo, as a person does it: Continue with Farcaster shows a QR
 * code; the phone (here the dev Farcaster app, on its own origin) reads it and the person
 * approves as a dev fid; the frame service checks the signature against the fid's custody
 * address on the local chain 10; the person sets a recovery password in the frame's
 * screen, and the demo shows the new wallet under the Farcaster username.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  approveSignIn,
  DEV_FARCASTER_RELAY_KEY,
  devFarcasterStranger,
  parseSignInUri,
} from '../../devstack/farcaster/index.js'
import { frameScreen } from '../support/frameScreen.js'
import { eventually, expectCount, expectText, expectTextContaining } from '../support/waiting.js'
import { demoPagesForFile, ui } from './helpers/demoPage.js'
import { getDemo } from './helpers/demoStack.js'
import { scanQrCode } from './helpers/scanQrCode.js'

const openPage = demoPagesForFile()
const PASSWORD = 'violet harbour 73 kites'

/** Connect → Continue with Farcaster, and what a phone reads from the QR code shown. */
async function showSignInCode(page: Page): Promise<{ qr: Locator; uri: string }> {
  const view = ui(page)
  await view.connectButton.click()
  await view.dialog.getByRole('button', { name: 'Continue with Farcaster' }).click()
  const qr = view.dialog.locator('[data-latchkit="farcaster-qr"]')
  await qr.waitFor()
  return { qr, uri: await scanQrCode(qr) }
}

describe('Farcaster login in the demo', () => {
  it('shows the QR code, is approved as alice-dev in the dev Farcaster app, sets up the wallet, names the account by the username, and reconnects after a reload', async () => {
    const { page, context } = await openPage()
    const view = ui(page)
    const { uri } = await showSignInCode(page)
    expect(uri).toMatch(/^farcaster:\/\/connect\?/)
    await expectTextContaining(view.dialog, 'Waiting for you to approve in Farcaster')

    // The Farcaster app, on its own origin, opened with what the camera read.
    const app = await context.newPage()
    await app.goto(`${getDemo().farcasterAppUrl}?uri=${encodeURIComponent(uri)}`)
    await expectText(app.getByTestId('farcaster-request-domain'), new URL(getDemo().url).host)
    await app.getByTestId('farcaster-app-fid').selectOption('1001')
    await app.getByTestId('farcaster-app-approve').click()
    await expectText(app.getByTestId('farcaster-app-result'), /as @alice-dev$/)
    await app.close()

    // A new person: the frame asks for a recovery password in its own screen.
    const screen = frameScreen(page)
    await screen.byTestId('frame-password').fill(PASSWORD)
    await screen.byTestId('frame-password-confirm').fill(PASSWORD)
    await screen.click('frame-password-submit')
    await expectText(view.summaryAddress, /^0x[0-9a-fA-F]{40}$/, { timeout: 45_000 })
    await expectTextContaining(view.accountButton, 'alice-dev')
    await expect
      .poll(() => view.accountButton.locator('img').getAttribute('src'), { timeout: 10_000 })
      .toBe(`${getDemo().farcasterAppUrl.replace(/\/$/, '')}/pfp/1001.svg`)
    // settled: connected (above); the address does not change.
    const address = await view.summaryAddress.textContent()

    await page.reload()
    await expectText(view.summaryAddress, address ?? '')
    await expectTextContaining(view.accountButton, 'alice-dev')
  }, 150_000)

  it("refuses a sign-in signed by a key that is not the fid's custody address, and a new code then works", async () => {
    const demo = await openPage()
    const { page } = demo
    const view = ui(page)
    const { qr, uri } = await showSignInCode(page)

    // An app that claims fid 1002 (bob-dev) but signs with a key the Id Registry does not hold for it.
    const answer = await approveSignIn({
      relayUrl: getDemo().farcasterRelayUrl,
      authKey: DEV_FARCASTER_RELAY_KEY,
      request: parseSignInUri(uri),
      user: { fid: 1002, username: 'bob-dev', displayName: 'Bob', custodyKey: devFarcasterStranger.key },
    })
    expect(answer.status).toBe(201)
    await expectText(
      view.dialog.locator('[data-latchkit="farcaster-error"]'),
      "The sign-in was not signed by the account's custody address",
      { timeout: 30_000 },
    )
    // Nothing connected.
    await expectCount(view.accountButton, 0)

    await view.dialog.getByRole('button', { name: 'Try again' }).click()
    // A new request: another code (the old one may show a moment before the view redraws).
    await eventually(() => scanQrCode(qr)).not.toBe(uri)
    // The browser logs the service's 403 it was sent on purpose; any other console error still fails.
    const unexpected = demo.console.filter((message) => !/status of 403/.test(message.text))
    demo.console.splice(0, demo.console.length, ...unexpected)
  }, 150_000)
})
