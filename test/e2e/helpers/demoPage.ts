/**
 * Opens the demo in a fresh browser context and names the things a person clicks: the
 * header buttons and the modal (Latchkit renders it in an open shadow root, which
 * Playwright's locators see through), and the dev wallet panel.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core'
import { afterEach, expect } from 'vitest'
import { DEV_WALLET_RDNS } from '../../../devstack/dev-wallet/index.js'
import { newLocalContext } from '../../support/browser.js'
import { browserForFile } from '../../support/browser-for-file.js'
import { reportPageOnFailure } from '../../support/pageOnFailure.js'
import { getDemo } from './demoStack.js'
import { walletPanel } from './devWalletDriver.js'

export type DemoPage = {
  context: BrowserContext
  page: Page
  /** Requests that tried to leave the machine (should stay empty). */
  blocked: string[]
  /** Console output and uncaught page errors, in order. */
  console: Array<{ type: string; text: string }>
}

/**
 * The way a test file opens the demo: one browser for the file, a fresh page per call, and
 * after each test the checks every demo test shares (no request left the machine, no page
 * error or console error) before the page's context closes.
 *
 * @example
 * const openPage = demoPagesForFile()
 * it('connects', async () => {
 *   const demo = await openPage()
 *   await connectWithDevWallet(demo.page)
 * })
 */
/** A page size, e.g. `{ width: 375, height: 667 }` for a small phone. */
export type Viewport = { width: number; height: number }

export function demoPagesForFile(): (viewport?: Viewport) => Promise<DemoPage> {
  const getBrowser = browserForFile()
  let current: DemoPage | undefined
  afterEach(async () => {
    const demo = current
    current = undefined
    if (!demo) return
    try {
      expect(demo.blocked).toEqual([])
      expect(demo.console.filter((m) => m.type === 'pageerror' || m.type === 'error')).toEqual([])
    } finally {
      await demo.context.close()
    }
  })
  return async (viewport) => {
    current = await openDemo(getBrowser(), viewport)
    return current
  }
}

/**
 * A new context (empty storage) with the demo loaded and the Connect button on screen.
 *
 * @example
 * const demo = await openDemo(getBrowser())
 * await connectWithDevWallet(demo.page)
 */
export async function openDemo(
  browser: Browser,
  viewport: Viewport = { width: 1280, height: 800 },
): Promise<DemoPage> {
  const { context, blocked } = await newLocalContext(browser, { viewport })
  const page = await context.newPage()
  const messages: DemoPage['console'] = []
  page.on('console', (message: ConsoleMessage) =>
    messages.push({ type: message.type(), text: message.text() }),
  )
  page.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }))
  reportPageOnFailure(page, 'demo')
  await page.goto(getDemo().url)
  await ui(page).header.waitFor()
  return { context, page, blocked, console: messages }
}

/**
 * Locators for what a person sees.
 *
 * @example await ui(page).connectButton.click()
 */
export function ui(page: Page) {
  const dialog = page.getByRole('dialog')
  return {
    header: page.locator('header.app-header'),
    connectButton: page.locator('[data-latchkit="connect-button"]'),
    accountButton: page.locator('[data-latchkit="account-button"]'),
    networkButton: page.locator('[data-latchkit="network-button"]'),
    dialog,
    dialogTitle: dialog.locator('.lk-title'),
    walletEntry: (rdns: string) => dialog.locator(`button[data-connector="${rdns}"]`),
    walletEntries: dialog.locator('button[data-connector]'),
    connecting: dialog.locator('[data-state]'),
    networkRow: (caipNetworkId: string) => dialog.locator(`button[data-network="${caipNetworkId}"]`),
    accountName: dialog.locator('[data-latchkit="account-name"]'),
    accountBalance: dialog.locator('[data-latchkit="balance"]'),
    summary: page.getByTestId('demo-summary'),
    summaryAddress: page.getByTestId('demo-address'),
    summaryNetwork: page.getByTestId('demo-network'),
    summaryBalance: page.getByTestId('demo-balance'),
    wallet: walletPanel(page),
  }
}

/** The dev wallet's rdns is its connector id in Latchkit. */
export { DEV_WALLET_RDNS }

/**
 * Connects the way a person does: Connect Wallet, Latch Dev Wallet, Approve in the panel.
 * Resolves once the app shows the connected account.
 *
 * @example
 * const demo = await openDemo(getBrowser())
 * await connectWithDevWallet(demo.page)
 */
export async function connectWithDevWallet(page: Page): Promise<void> {
  const view = ui(page)
  await view.connectButton.click()
  await view.walletEntry(DEV_WALLET_RDNS).click()
  await view.wallet.approve.click()
  await view.summaryAddress.waitFor()
}
