/**
 * The WalletConnect side of the browser tests: drives the dev mobile wallet, a page on its
 * own origin in its own browser context, as a phone is another device (the pairing code
 * is read with scanQrCode).
 */

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'

export { scanQrCode } from './scanQrCode.js'

import { newLocalContext } from '../../support/browser.js'

export type MobileWalletPage = {
  context: BrowserContext
  page: Page
  /** Requests that tried to leave the machine (should stay empty). */
  blocked: string[]
  approveProposal: Locator
  rejectProposal: Locator
  request: Locator
  requestMethod: Locator
  approveRequest: Locator
  rejectRequest: Locator
  sessions: Locator
  disconnect: Locator
  account: Locator
  close(): Promise<void>
}

/**
 * Opens the dev mobile wallet with `uri`, as a wallet's deep link does (`?uri=`).
 *
 * @example
 * const phone = await openMobileWallet(browser, mobileWalletUrl, uri)
 * await phone.approveProposal.click()
 */
export function openMobileWallet(browser: Browser, url: string, uri: string): Promise<MobileWalletPage> {
  return openMobileWalletLink(browser, `${url}${url.includes('?') ? '&' : '?'}uri=${encodeURIComponent(uri)}`)
}

/**
 * The dev mobile wallet opened at `link` as a phone would open a link the dapp offers
 * (its web app with the pairing URI).
 *
 * @example const phone = await openMobileWalletLink(browser, await webLink.getAttribute('href'))
 */
export async function openMobileWalletLink(browser: Browser, link: string): Promise<MobileWalletPage> {
  const { context, blocked } = await newLocalContext(browser, { viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(link)
  const byId = (id: string) => page.getByTestId(id)
  return {
    context,
    page,
    blocked,
    approveProposal: byId('mobile-wallet-proposal-approve'),
    rejectProposal: byId('mobile-wallet-proposal-reject'),
    request: byId('mobile-wallet-request'),
    requestMethod: byId('mobile-wallet-request-method'),
    approveRequest: byId('mobile-wallet-request-approve'),
    rejectRequest: byId('mobile-wallet-request-reject'),
    sessions: byId('mobile-wallet-session'),
    disconnect: byId('mobile-wallet-disconnect'),
    account: byId('mobile-wallet-account'),
    close: () => context.close(),
  }
}
