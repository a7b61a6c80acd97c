/**
 * The demo's modal for keyboard and screen-reader users, in Chromium against the demo
 * stack: focus goes back to what opened the modal however it closes (or to the button that
 * took its place once connected), and axe-core, with its experimental rules too, finds no
 * violation with the modal open.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, it } from 'vitest'
import { eventually } from '../support/waiting.js'
import { DEV_WALLET_RDNS, demoPagesForFile, ui } from './helpers/demoPage.js'

const openPage = demoPagesForFile()

/** What has focus, looking into the modal's shadow root: its data-latchkit, or its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active?.getAttribute('data-latchkit') ?? active?.tagName.toLowerCase() ?? null
  })

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core's violations on the page, experimental rules included (label-content-name-mismatch
 * is one), each as `rule: target`; `sawModal` proves it looked inside the modal's shadow root.
 */
const runAxe = async (page: Page) => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    type Result = { id: string; nodes: { target: unknown[] }[] }
    const axe = (
      window as never as {
        axe: { run(context: Document, options: object): Promise<{ violations: Result[]; passes: Result[] }> }
      }
    ).axe
    const { violations, passes } = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'],
      },
    })
    return {
      violations: violations.flatMap((rule) =>
        rule.nodes.map((node) => `${rule.id}: ${JSON.stringify(node.target)}`),
      ),
      sawModal: passes.some((rule) =>
        rule.nodes.some((node) => JSON.stringify(node.target).includes('latchkit-modal')),
      ),
    }
  })
}

describe('demo: the modal for keyboard and screen-reader users', () => {
  it('gives focus back to Connect Wallet after Escape, the close button and a click beside the dialog', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    const closers: Array<[string, () => Promise<void>]> = [
      ['Escape', () => demo.page.keyboard.press('Escape')],
      ['close button', () => view.dialog.getByRole('button', { name: 'Close' }).click()],
      // The overlay around the dialog: a point in the page's corner, outside the dialog.
      ['overlay', () => demo.page.mouse.click(5, 5)],
    ]
    for (const [how, close] of closers) {
      await view.connectButton.click()
      await view.walletEntry(DEV_WALLET_RDNS).waitFor()
      await eventually(() => focused(demo.page)).not.toBe('connect-button')
      await close()
      await view.dialog.waitFor({ state: 'detached' })
      await eventually(() => focused(demo.page), { message: how }).toBe('connect-button')
    }
  })

  it('puts focus on the account button that replaced Connect Wallet when the modal closes after connecting', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await view.connectButton.focus()
    await demo.page.keyboard.press('Enter')
    await view.walletEntry(DEV_WALLET_RDNS).click()
    await view.wallet.approve.click()
    await view.dialog.waitFor({ state: 'detached' })
    await eventually(() => focused(demo.page)).toBe('account-button')
  })

  it('axe-core finds no violation with the modal open on Connect and on Account', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await demo.page.emulateMedia({ reducedMotion: 'reduce' })
    await view.connectButton.click()
    await view.walletEntry(DEV_WALLET_RDNS).waitFor()
    await eventually(() => runAxe(demo.page)).toEqual({ violations: [], sawModal: true })
    await view.walletEntry(DEV_WALLET_RDNS).click()
    await view.wallet.approve.click()
    await view.dialog.waitFor({ state: 'detached' })
    await view.accountButton.click()
    await view.accountName.waitFor()
    await eventually(() => runAxe(demo.page)).toEqual({ violations: [], sawModal: true })
  })
})
