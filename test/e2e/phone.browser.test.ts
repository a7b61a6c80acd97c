/**
 * The demo on a 375 px phone screen, in Chromium: no sideways scroll, the dev wallet never
 * in the way of the modal (its panel sits after the page's content; only a pending prompt
 * floats), a mark for every network and an icon on each account feature. Screenshots of
 * the connect, account and send views go to test-results/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'vitest'
import { eventually, expectCount, expectText } from '../support/waiting.js'
import { DEV_WALLET_RDNS, demoPagesForFile, ui } from './helpers/demoPage.js'

const openPage = demoPagesForFile()
const PHONE = { width: 375, height: 667 }
const results = fileURLToPath(new URL('../../test-results/', import.meta.url))

describe('demo on a 375 px screen', () => {
  it('fits the width, keeps the dev wallet out of the modal, and shows network and feature icons', async () => {
    mkdirSync(results, { recursive: true })
    const { page } = await openPage(PHONE)
    const view = ui(page)
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    await eventually(fitsWidth).toBe(true)

    await view.connectButton.click()
    await expectText(view.dialogTitle, 'Connect Wallet')
    await eventually(fitsWidth).toBe(true)
    await page.screenshot({ path: `${results}phone-connect.png`, animations: 'disabled' })
    // Clicks fail on an element something else covers: the wallet entry is the modal's.
    await view.walletEntry(DEV_WALLET_RDNS).click()
    await view.wallet.approve.click()
    await view.dialog.waitFor({ state: 'hidden' })

    await view.accountButton.click()
    await expectText(view.dialogTitle, 'Account')
    // The network has no image of its own: a generated mark with its initial, not a blank.
    await expectText(view.dialog.locator('[data-latchkit="network-icon-generated"]').first(), 'L')
    await expectCount(view.dialog.locator('[data-feature="send"] svg'), 2) // its icon and the chevron
    await expectCount(view.dialog.locator('[data-feature="receive"] svg'), 2)
    // The tabs at the bottom of the sheet, where the dev wallet's panel used to sit.
    await view.dialog.getByRole('tab', { name: 'NFTs' }).click()
    await eventually(() => view.dialog.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await view.dialog.getByRole('tab', { name: 'Tokens' }).click()
    await eventually(fitsWidth).toBe(true)
    await page.screenshot({ path: `${results}phone-account.png`, animations: 'disabled' })

    await view.dialog.locator('[data-feature="send"]').click()
    await expectText(view.dialogTitle, 'Send')
    await expectCount(view.dialog.locator('[data-latchkit="send-amount"]'), 1)
    await eventually(fitsWidth).toBe(true)
    await page.screenshot({ path: `${results}phone-send.png`, animations: 'disabled' })

    await view.dialog.getByRole('button', { name: /back/i }).click()
    await expectText(view.dialogTitle, 'Account')
    await view.dialog.locator('button:has([data-latchkit="network-icon-generated"])').first().click()
    await expectText(view.dialogTitle, 'Choose Network')
    // Every network in the list has a mark: an image or a generated initial.
    const rows = view.dialog.locator('button[data-network]')
    await eventually(() =>
      rows.evaluateAll((buttons) =>
        buttons.every((button) => {
          const mark = button.querySelector('img, [data-latchkit="network-icon-generated"]')
          return mark !== null && (mark.tagName === 'IMG' || (mark.textContent ?? '').trim() !== '')
        }),
      ),
    ).toBe(true)
  })
})
