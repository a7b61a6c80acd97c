/**
 * EIP-6963 discovery in the demo page: announcements injected with page.evaluate, as any
 * script on a page could send them. One rdns is one wallet; an icon that is script or
 * markup gets the announcement rejected and logged, and nothing of it reaches the page.
 */
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { browserForFile } from '../support/browser-for-file.js'
import { eventually, expectCount } from '../support/waiting.js'
import { DEV_WALLET_RDNS, type DemoPage, openDemo, ui } from './helpers/demoPage.js'

const getBrowser = browserForFile()
let demo: DemoPage | undefined

afterEach(async () => {
  if (!demo) return
  expect(demo.blocked).toEqual([])
  await demo.context.close()
  demo = undefined
})

const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="teal"/></svg>')}`

/** Dispatches `eip6963:announceProvider` for each wallet, with a minimal EIP-1193 provider. */
function announce(page: Page, wallets: Array<{ name: string; rdns: string; icon: string }>) {
  return page.evaluate((wallets) => {
    for (const info of wallets) {
      const provider = {
        request: async () => {
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        },
        on() {},
        removeListener() {},
      }
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info: { ...info, uuid: crypto.randomUUID() }, provider }),
        }),
      )
    }
  }, wallets)
}

describe('demo: EIP-6963 discovery', () => {
  it('shows one wallet for two announcements with the same rdns', async () => {
    demo = await openDemo(getBrowser())
    const view = ui(demo.page)
    await announce(demo.page, [
      { name: 'Twin Wallet', rdns: 'com.example.twin', icon },
      { name: 'Twin Wallet Impostor', rdns: 'com.example.twin', icon },
    ])
    // The dev wallet answers every requestProvider with a fresh announcement too.
    await demo.page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))

    await view.connectButton.click()
    await view.walletEntry(DEV_WALLET_RDNS).waitFor()
    const entries = (id: string) =>
      view.walletEntries.evaluateAll(
        (buttons, id) =>
          buttons
            .filter((button) => button.getAttribute('data-connector') === id)
            .map((button) => [id, button.querySelector('.lk-grow')?.textContent]),
        id,
      )
    await eventually(() => entries('com.example.twin')).toEqual([['com.example.twin', 'Twin Wallet']])
    await eventually(() => entries(DEV_WALLET_RDNS)).toHaveLength(1)
  })

  it('rejects and logs announcements whose icon is javascript: or markup', async () => {
    demo = await openDemo(getBrowser())
    const view = ui(demo.page)
    await announce(demo.page, [
      { name: 'Script Icon Wallet', rdns: 'com.example.scripticon', icon: 'javascript:window.pwned=1' },
      {
        name: 'Markup Icon Wallet',
        rdns: 'com.example.markupicon',
        icon: '<svg onload="window.pwned=1"></svg>',
      },
      { name: 'Good Wallet', rdns: 'com.example.good', icon },
    ])

    await view.connectButton.click()
    await view.walletEntry('com.example.good').waitFor()
    // The list is on screen with the good wallet: the rejected ones are not in it.
    await expectCount(view.walletEntry('com.example.scripticon'), 0)
    await expectCount(view.walletEntry('com.example.markupicon'), 0)
    await eventually(() => view.dialog.textContent()).not.toMatch(/Script Icon Wallet|Markup Icon Wallet/)

    // Console messages reach the test asynchronously, like the page's rendering.
    const messages = demo.console
    const warnings = () =>
      messages.filter((m) => m.type === 'warning' && m.text.includes('EIP-6963 announcement'))
    await eventually(warnings).toHaveLength(2)
    for (const warning of warnings()) expect(warning.text).toMatch(/icon/)
    // settled: the announcements were handled (and logged) before the list showed; a script in them would have run.
    expect(await demo.page.evaluate(() => 'pwned' in window)).toBe(false)
  })
})
