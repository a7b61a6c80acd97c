// The email plugin and the embedded wallet in Chromium, in the real modal, against the
// stub frame on a second origin: log in with the code, the page asks for a signature and
// the frame's own approval screen is laid over the modal (the person clicks Approve
// inside the frame), and a reload reconnects without a prompt.
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { serveBundledPage } from '../../support/bundledPage'
import { frameScreen } from '../../support/frameScreen.js'
import { reportPageOnFailure } from '../../support/pageOnFailure.js'
import { type StaticServer, serveHtml } from '../../support/static-server'
import { eventually, expectText, expectTextContaining } from '../../support/waiting'
import { stubFramePage } from './widgetPages/stubFrame'

const getBrowser = browserForFile()
let host: StaticServer
let frame: StaticServer

beforeAll(async () => {
  frame = await serveHtml({ '/frame': stubFramePage })
  host = await serveBundledPage({
    entry: fileURLToPath(new URL('./widgetPages/emailPage.tsx', import.meta.url)),
    title: 'email login test',
    configGlobal: 'widgetEmailTestConfig',
    config: { frameUrl: frame.url },
    minify: true,
  })
})

afterAll(async () => {
  await Promise.all([host?.close(), frame?.close()])
})

const signature = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { emailTest: { state: { signature: unknown } } }).emailTest.state.signature,
  )

/** Where the frame is and whether it covers the dialog's middle. */
const frameBox = (page: Page) =>
  page.evaluate(() => {
    const iframe = document.querySelector('iframe[data-latchkit-frame]') as HTMLIFrameElement | null
    const box = iframe?.getBoundingClientRect()
    const onTop = box
      ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === iframe
      : false
    return { height: Math.round(box?.height ?? 0), onTop, inBody: iframe?.parentElement === document.body }
  })

/** Logs in by email in a fresh context; returns the page with the account shown. */
async function loggedIn() {
  const { context } = await newLocalContext(getBrowser())
  const page = await context.newPage()
  reportPageOnFailure(page)
  await page.goto(host.url)
  await page.locator('[data-latchkit="connect-button"]').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByLabel('Digit 1 of 6').pressSequentially('123456')
  await dialog.waitFor({ state: 'hidden' })
  await expectTextContaining(page.locator('[data-latchkit="account-button"]'), 'dc79C8')
  return { page, dialog, close: () => context.close() }
}

describe('email login with the embedded wallet in Chromium', () => {
  it('logs in with the code, approves a signature in the frame over the modal, and reconnects after a reload', async () => {
    const { page, dialog, close } = await loggedIn()
    await page.evaluate(() => (window as unknown as { emailTest: { sign(): boolean } }).emailTest.sign())
    await dialog.waitFor()
    await eventually(() => frameBox(page)).toEqual({ height: 240, onTop: true, inBody: true })
    // settled: the approval is on screen and the frame has not been answered.
    expect(await signature(page)).toBe('pending')
    // The person types in the frame's screen: the modal's focus trap must not pull focus back out.
    const inFrame = page.frameLocator('iframe[data-latchkit-frame]')
    await frameScreen(page).click(inFrame.getByRole('textbox', { name: 'Note' }))
    await page.keyboard.type('secret words')
    await eventually(() => inFrame.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('secret words')
    await frameScreen(page).click(inFrame.getByRole('button', { name: 'Approve' }))
    await eventually(() => signature(page)).toBe('0x5167')
    await eventually(() => frameBox(page)).toMatchObject({ height: 0 })

    await page.reload()
    await expectTextContaining(page.locator('[data-latchkit="account-button"]'), 'dc79C8')
    await close()
  })

  it("refuses a second login within 30 s with 'Please try again after {n} seconds', counting down", async () => {
    const { context } = await newLocalContext(getBrowser())
    const page = await context.newPage()
    reportPageOnFailure(page)
    await page.goto(host.url)
    await page.locator('[data-latchkit="connect-button"]').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByLabel('Digit 1 of 6').waitFor()
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ada@example.com')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const notice = dialog.locator('[data-latchkit="email-error"]')
    await expectText(notice, /^Please try again after (30|29|28|27) seconds$/)
    // settled: the notice is shown (above); its number is read to see it go down.
    const first = Number((await notice.textContent())?.match(/\d+/)?.[0])
    const seconds = async () => Number((await notice.textContent())?.match(/after (\d+) seconds/)?.[1])
    await eventually(seconds).toBeLessThan(first)
    await context.close()
  })

  it("ends a pending approval when the person closes the modal: the page's request fails as aborted and the frame is hidden", async () => {
    const { page, dialog, close } = await loggedIn()
    await page.evaluate(() => (window as unknown as { emailTest: { sign(): boolean } }).emailTest.sign())
    await eventually(() => frameBox(page)).toEqual({ height: 240, onTop: true, inBody: true })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await eventually(() => signature(page)).toMatch(/^failed: Request was aborted/)
    await eventually(() => frameBox(page)).toMatchObject({ height: 0, onTop: false })
    await close()
  })
})
