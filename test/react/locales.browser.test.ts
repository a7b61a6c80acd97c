// Languages in Chromium: Arabic lays the modal out right to left (a screenshot goes to
// test-results/ for a person to look at), German writes numbers its way, and a locale
// follows the browser's language or a switch at runtime.
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLocalContext } from '../support/browser'
import { browserForFile } from '../support/browser-for-file'
import { bundlePageScript } from '../support/bundledPage'
import { type StaticServer, serveHtml } from '../support/static-server'
import { eventually, expectAttribute, expectText, expectTextContaining } from '../support/waiting'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const results = here('../../test-results/')
const getBrowser = browserForFile()
let server: StaticServer

beforeAll(async () => {
  const script = await bundlePageScript(here('../pages/locale.tsx'))
  const html = readFileSync(here('../pages/modal.html'), 'utf8').replace('/*BUNDLE*/', () => script)
  server = await serveHtml({ '/': html })
}, 60_000)
afterAll(() => server?.close())

type LatchTest = {
  kernel: {
    router: { push(view: string): void }
    i18n: { setLocale(locale: unknown): void }
  }
  locales: Record<string, unknown>
  setBalance(balance: string): void
}
const latchTest = (page: Page, action: (test: LatchTest) => void) =>
  page.evaluate(`(${action.toString()})(window.latchTest)`)

describe('languages in Chromium', { timeout: 30_000 }, () => {
  it('Arabic lays the modal out right to left: close on the left, back on the right, Arabic text', async () => {
    const { context, blocked } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce' })
    const page = await context.newPage()
    page.setDefaultTimeout(5000)
    await page.goto(`${server.url}?locale=ar`)
    const connect = page.locator('[data-latchkit=connect-button]')
    await expectText(connect, 'ربط المحفظة')
    await expectAttribute(connect, 'dir', 'rtl')

    await connect.click()
    await page.locator('latchkit-modal [data-connector="test.wallet"]').waitFor()
    await latchTest(page, (test) => test.kernel.router.push('Networks'))
    await page.locator('latchkit-modal [data-network="eip155:1"]').waitFor()
    await expectAttribute(page.locator('latchkit-modal .lk-overlay'), 'dir', 'rtl')
    await expectText(page.locator('latchkit-modal .lk-title'), 'اختر الشبكة')

    // The header mirrored: close left of the title, back right of it.
    const close = page.locator('latchkit-modal [aria-label="إغلاق"]')
    const back = page.locator('latchkit-modal [aria-label="رجوع"]')
    const title = page.locator('latchkit-modal .lk-title')
    const box = async (locator: typeof close) => {
      const found = await locator.boundingBox()
      if (!found) throw new Error('not laid out yet')
      return found
    }
    await eventually(
      async () => (await box(close)).x + (await box(close)).width <= (await box(title)).x,
    ).toBe(true)
    await eventually(async () => (await box(back)).x >= (await box(title)).x + (await box(title)).width).toBe(
      true,
    )
    // The back arrow points right, the way back is under rtl.
    await eventually(() =>
      page
        .locator('latchkit-modal [aria-label="رجوع"] svg')
        .evaluate((icon) => getComputedStyle(icon).transform),
    ).toBe('matrix(-1, 0, 0, 1, 0, 0)')
    // A network row's text starts at its right edge.
    await eventually(() =>
      page
        .locator('latchkit-modal [data-network="eip155:1"]')
        .evaluate((row) => getComputedStyle(row).direction),
    ).toBe('rtl')

    mkdirSync(results, { recursive: true })
    const file = `${results}locale-ar-rtl.png`
    await page.screenshot({ path: file, animations: 'disabled' })
    expect(statSync(file).size).toBeGreaterThan(1000)

    expect(blocked).toEqual([])
    await context.close()
  })

  it('German writes the balance 1.234,500 ETH, and a switch to Arabic at runtime rewrites the buttons', async () => {
    const { context } = await newLocalContext(getBrowser())
    const page = await context.newPage()
    page.setDefaultTimeout(5000)
    await page.goto(`${server.url}?locale=de`)
    const connect = page.locator('[data-latchkit=connect-button]')
    await expectText(connect, 'Wallet verbinden')
    await connect.click()
    await page.locator('latchkit-modal [data-connector="test.wallet"]').click()
    const account = page.locator('[data-latchkit=account-button]')
    await account.waitFor()
    await latchTest(page, (test) => test.setBalance('1234.5'))
    await expectTextContaining(account, '1.234,500 ETH')
    await expectAttribute(account, 'dir', 'ltr')

    await latchTest(page, (test) => test.kernel.i18n.setLocale(test.locales.ar))
    await expectAttribute(account, 'dir', 'rtl')
    // Written as the browser's Intl writes 1234.5 for 'ar' (its digits and separators).
    // settled: Intl's answer, not the page's state
    const arabic = await page.evaluate(() =>
      new Intl.NumberFormat('ar', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(1234.5),
    )
    expect(arabic).not.toBe('1.234,500')
    await expectTextContaining(account, `${arabic} ETH`)
    await context.close()
  })

  it("picks the locale from the browser's language (de-AT gives German)", async () => {
    const { context } = await newLocalContext(getBrowser(), { locale: 'de-AT' })
    const page = await context.newPage()
    page.setDefaultTimeout(5000)
    await page.goto(`${server.url}?locale=browser`)
    await expectText(page.locator('[data-latchkit=connect-button]'), 'Wallet verbinden')
    await context.close()
  })
})
