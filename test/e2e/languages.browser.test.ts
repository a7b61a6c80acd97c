/**
 * The demo's Language card in Chromium: a person picks a language and the widget speaks
 * it at once (Arabic right to left), the choice holds after a reload, and English comes
 * back.
 */
import { describe, it } from 'vitest'
import { expectAttribute, expectText } from '../support/waiting.js'
import { demoPagesForFile, ui } from './helpers/demoPage.js'

const openPage = demoPagesForFile()

describe('demo: the Language card', () => {
  it('switches the widget to Arabic, right to left, keeps it after a reload, and back to English', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    const language = demo.page.getByTestId('language')

    await language.selectOption('ar')
    await expectText(view.connectButton, 'ربط المحفظة')
    await expectAttribute(view.connectButton, 'dir', 'rtl')
    await view.connectButton.click()
    await expectText(view.dialogTitle, 'ربط المحفظة')
    await expectAttribute(demo.page.locator('latchkit-modal .lk-overlay'), 'dir', 'rtl')
    await demo.page.keyboard.press('Escape')
    await view.dialog.waitFor({ state: 'hidden' })

    await demo.page.reload()
    await expectText(view.connectButton, 'ربط المحفظة')

    await language.selectOption('de')
    await expectText(view.connectButton, 'Wallet verbinden')
    await expectAttribute(view.connectButton, 'dir', 'ltr')
    await language.selectOption('en')
    await expectText(view.connectButton, 'Connect Wallet')
  })
})
