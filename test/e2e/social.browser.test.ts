/**
 * Social login in the demo, as a person does it: Continue with Google opens the local
 * provider's window, the person picks a dev user, sets a recovery password in the frame's
 * own screen, and the demo shows the new wallet; a reload reconnects without a window.
 */
import { describe, expect, it } from 'vitest'
import { frameScreen } from '../support/frameScreen.js'
import { expectText } from '../support/waiting.js'
import { demoPagesForFile, ui } from './helpers/demoPage.js'

const openPage = demoPagesForFile()
const PASSWORD = 'cobalt meadow 58 lanterns'

describe('social login in the demo', () => {
  it('logs in with Google in its window, sets up the wallet in the frame, and stays connected after a reload', async () => {
    const { page, context } = await openPage()
    const view = ui(page)
    await view.connectButton.click()
    const popupOpened = page.waitForEvent('popup')
    await view.dialog.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.getByRole('button', { name: /^Carol/ }).click()
    const frame = page.frameLocator('iframe[data-latchkit-frame]')
    await frame.getByTestId('frame-password').fill(PASSWORD)
    await frame.getByTestId('frame-password-confirm').fill(PASSWORD)
    await frameScreen(page).click('frame-password-submit')
    await expectText(view.summaryAddress, /^0x[0-9a-fA-F]{40}$/, { timeout: 45_000 })
    await expectText(view.summaryBalance, '0 ETH')
    // settled: connected (above); the address does not change.
    const address = await view.summaryAddress.textContent()

    await page.reload()
    await expectText(view.summaryAddress, address ?? '')
    expect(context.pages()).toHaveLength(1)
  }, 150_000)
})
