/**
 * The legal checkbox in the demo, in Chromium: turned on from the page, it holds every way
 * to connect (the wallets, the email field) disabled with the reason until the visitor
 * agrees; its links open the app's documents in a new tab without ticking it; it is ticked
 * with the keyboard, named for a screen reader, and remembered by the browser.
 */
import { describe, expect, it } from 'vitest'
import { eventually, expectAttribute, expectText, expectVisible } from '../support/waiting.js'
import { connectWithDevWallet, DEV_WALLET_RDNS, demoPagesForFile, ui } from './helpers/demoPage.js'

const openPage = demoPagesForFile()
const SENTENCE = 'I agree to the Terms of Service and Privacy Policy'
const REASON = 'Agree to the Terms of Service and Privacy Policy to connect.'

describe('demo: the legal checkbox', () => {
  it('holds every way to connect until the visitor agrees, by keyboard, and remembers it', async () => {
    const { page, context } = await openPage()
    const view = ui(page)
    const card = page.getByTestId('demo-legal')
    await expectAttribute(card, 'data-state', 'off')
    await card.getByRole('button', { name: 'Turn on the terms checkbox' }).click()
    await expectAttribute(card, 'data-state', 'on')

    await view.connectButton.click()
    const checkbox = view.dialog.getByRole('checkbox', { name: SENTENCE })
    await expectVisible(checkbox)
    await eventually(() => checkbox.isChecked()).toBe(false)
    const wallet = view.walletEntry(DEV_WALLET_RDNS)
    await eventually(() => wallet.isDisabled()).toBe(true)
    const email = view.dialog.locator('[data-latchkit="email-login"] input')
    // The demo offers email login (the devstack runs the frame service): its field waits too.
    await eventually(() => email.isDisabled()).toBe(true)
    await expectText(view.dialog.locator('[data-latchkit="legal-checkbox-reason"]'), REASON)
    // A screen reader hears why, with the checkbox.
    await eventually(() =>
      checkbox.evaluate((box) =>
        box.getRootNode() instanceof ShadowRoot
          ? (box.getRootNode() as ShadowRoot).getElementById(box.getAttribute('aria-describedby') ?? '')
              ?.textContent
          : undefined,
      ),
    ).toBe(REASON)

    // The documents open in a new tab; following a link does not tick the box.
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      view.dialog.getByRole('link', { name: 'Terms of Service' }).click(),
    ])
    await terms.waitForLoadState()
    expect(new URL(terms.url()).pathname).toBe('/terms.html')
    await expectText(terms.locator('h1'), 'Terms of Service')
    await terms.close()
    await eventually(() => checkbox.isChecked()).toBe(false)

    // The keyboard: focus, Space.
    await checkbox.focus()
    await page.keyboard.press('Space')
    await eventually(() => checkbox.isChecked()).toBe(true)
    await eventually(() => wallet.isDisabled()).toBe(false)
    await eventually(() => view.dialog.locator('[data-latchkit="legal-checkbox-reason"]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await connectWithDevWallet(page)
    await expectText(view.summaryAddress, /^0x/)

    // Remembered by the browser: disconnected and reloaded, the box is still ticked.
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await view.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await view.connectButton.waitFor()
    await page.reload()
    await view.connectButton.click()
    await eventually(() => checkbox.isChecked()).toBe(true)
    await eventually(() => wallet.isDisabled()).toBe(false)
  })
})
