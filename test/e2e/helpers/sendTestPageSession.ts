/**
 * What the browser tests on the send test page (send, swaps, on-ramp) share: a fresh
 * context and page per test, on which an uncaught page error or a request leaving this
 * machine fails the test, and the clicks that connect the dev wallet and open the account
 * view.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach, expect } from 'vitest'
import { DEV_WALLET_RDNS } from '../../../devstack/dev-wallet/index.js'
import { newLocalContext } from '../../support/browser.js'
import { walletPanel } from './devWalletDriver.js'

/**
 * Registers the hooks that open `url()` in a fresh context before each test and close it
 * after, handing each test's context and page to `opened`.
 *
 * @example
 * pagePerTest(getBrowser, () => server.url, (opened) => ({ page, context } = opened))
 */
export function pagePerTest(
  getBrowser: () => Browser,
  url: () => string,
  opened: (session: { context: BrowserContext; page: Page }) => void,
): void {
  let context: BrowserContext
  let blocked: string[]
  let pageErrors: string[]
  beforeEach(async () => {
    ;({ context, blocked } = await newLocalContext(getBrowser(), { viewport: { width: 1280, height: 800 } }))
    const page = await context.newPage()
    pageErrors = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    opened({ context, page })
    await page.goto(url())
  })
  afterEach(async () => {
    expect(blocked).toEqual([])
    expect(pageErrors).toEqual([])
    await context.close()
  })
}

/**
 * Connect Wallet, Latch Dev Wallet, Approve in its panel; then the account button opens
 * the account view.
 *
 * @example
 * await connectAndShowAccount(page)
 * await page.getByRole('dialog').locator('[data-feature="send"]').click()
 */
export async function connectAndShowAccount(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog')
  await page.locator('[data-latchkit="connect-button"]').click()
  await dialog.locator(`button[data-connector="${DEV_WALLET_RDNS}"]`).click()
  await walletPanel(page).approve.click()
  await dialog.waitFor({ state: 'hidden' })
  await page.locator('[data-latchkit="account-button"]').click()
}
