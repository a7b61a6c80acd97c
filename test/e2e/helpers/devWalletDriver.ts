/**
 * Talks to the dev wallet inside a page the way a dApp does (provider.request, events) and
 * the way a person does (the panel's buttons). Results and errors come back as plain data
 * because page.evaluate cannot carry Error objects across.
 */
import type { Page } from 'playwright-core'
import type { DevWallet, InstallDevWalletOptions } from '../../../devstack/dev-wallet/index.js'

type DevWalletModule = typeof import('../../../devstack/dev-wallet/index.js')

declare global {
  interface Window {
    LatchDevWallet: DevWalletModule
    devWallet: DevWallet
    devWalletEvents: Array<[string, unknown]>
  }
}

export type RequestOutcome = { ok: true; result: unknown } | { ok: false; code: number; message: string }

/**
 * Installs the dev wallet in the page and records every provider event in `devWalletEvents`.
 *
 * @example await installInPage(page, { chains, accounts })
 */
export async function installInPage(page: Page, options: Omit<InstallDevWalletOptions, 'mount' | 'window'>) {
  await page.evaluate(async (options) => {
    window.devWalletEvents = []
    window.devWallet = window.LatchDevWallet.installDevWallet(options)
    for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
      window.devWallet.provider.on(name, (payload) => window.devWalletEvents.push([name, payload]))
    }
    await window.devWallet.controller.ready
  }, options)
}

/**
 * Sends a request through the page's dev wallet provider; resolves when the wallet answers.
 * settled: the answer is the wallet's reply to this request, not a look at the page, so a
 * plain `expect` on it is fine (test/build/oneShotReads.test.ts).
 *
 * @example
 * const connecting = requestInPage(page, 'eth_requestAccounts')
 * await walletPanel(page).approve.click()
 * expect(await connecting).toEqual({ ok: true, result: [account] })
 */
export function requestInPage(page: Page, method: string, params?: unknown[]): Promise<RequestOutcome> {
  return page.evaluate(
    ({ method, params }) =>
      window.devWallet.provider.request({ method, ...(params ? { params } : {}) }).then(
        (result): RequestOutcome => ({ ok: true, result }),
        (error: { code: number; message: string }): RequestOutcome => ({
          ok: false,
          code: error.code,
          message: error.message,
        }),
      ),
    { method, params },
  )
}

/**
 * Provider events the page saw so far, oldest first. Events may still be on their way:
 * assert with `eventually`.
 *
 * @example await eventually(() => eventsInPage(page)).toContainEqual(['chainChanged', '0x7a6a'])
 */
export function eventsInPage(page: Page): Promise<Array<[string, unknown]>> {
  return page.evaluate(() => window.devWalletEvents)
}

/**
 * The dev wallet panel's prompt and buttons, found by test id through its shadow root.
 *
 * @example await walletPanel(page).approve.click()
 */
export function walletPanel(page: Page) {
  return {
    prompt: page.getByTestId('devwallet-prompt'),
    promptTitle: page.getByTestId('devwallet-prompt-title'),
    approve: page.getByTestId('devwallet-approve'),
    reject: page.getByTestId('devwallet-reject'),
    account: page.getByTestId('devwallet-account'),
    network: page.getByTestId('devwallet-network'),
    siteStatus: page.getByTestId('devwallet-site-status'),
    disconnect: page.getByTestId('devwallet-disconnect'),
  }
}
