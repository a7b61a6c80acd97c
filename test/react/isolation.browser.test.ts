// Style isolation in Chromium, both ways: a hostile host stylesheet cannot change the modal,
// the modal's stylesheet cannot change the page, and the buttons in the page keep their
// look under the page's ordinary rules. Also the theme modes and a custom theme, as rendered.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { newLocalContext } from '../support/browser'
import { browserForFile } from '../support/browser-for-file'
import { bundlePageScript } from '../support/bundledPage'
import { type StaticServer, serveHtml } from '../support/static-server'
import { eventually } from '../support/waiting'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const getBrowser = browserForFile()
let server: StaticServer

beforeAll(async () => {
  const script = await bundlePageScript(here('../pages/isolation.tsx'))
  const template = readFileSync(here('../pages/isolation.html'), 'utf8')
  const hostile = readFileSync(here('../pages/hostile.css'), 'utf8')
  const page = (css: string, withWidget = true) =>
    template.replace('/*HOST_CSS*/', () => css).replace('/*BUNDLE*/', () => (withWidget ? script : ''))
  server = await serveHtml({
    '/clean': page(''),
    '/hostile': page(hostile),
    // The same rules as a page would usually write them: without `!important`.
    '/ordinary': page(hostile.replaceAll(' !important', '')),
    // The page alone, never touched by Latchkit: what the page must look like with it.
    '/plain': page('', false),
  })
}, 60_000)
afterAll(() => server?.close())

/** The computed properties compared; `box` is the element's rendered width x height. */
const PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant-caps',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'text-indent',
  'text-shadow',
  'text-decoration-line',
  'white-space',
  'box-sizing',
  'display',
  'visibility',
  'opacity',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-top-left-radius',
  'margin-top',
  'padding-top',
  'padding-left',
  'cursor',
  'color-scheme',
  'transform',
  'filter',
  'box-shadow',
  'overflow-y',
]

type Styles = Record<string, Record<string, string> | null>

/**
 * The computed styles of `selectors` (searched in the modal's shadow root when `inModal`),
 * null for one that is not there.
 */
const stylesOf = (page: Page, selectors: string[], inModal: boolean): Promise<Styles> =>
  page.evaluate(
    ({ selectors, inModal, properties }) => {
      const scope = inModal ? document.querySelector('latchkit-modal')?.shadowRoot : document
      const styles: Record<string, Record<string, string> | null> = {}
      for (const selector of selectors) {
        const element = scope?.querySelector(selector)
        if (!element) {
          styles[selector] = null
          continue
        }
        const computed = getComputedStyle(element)
        const { width, height } = element.getBoundingClientRect()
        styles[selector] = Object.fromEntries([
          ...properties.map((name) => [name, computed.getPropertyValue(name)]),
          ['box', `${Math.round(width)}x${Math.round(height)}`],
        ])
      }
      return styles
    },
    { selectors, inModal, properties: PROPERTIES },
  )

/** Every difference between two readings, as `selector property: expected -> actual`. */
function differences(expected: Styles, actual: Styles): string[] {
  const found: string[] = []
  for (const [selector, want] of Object.entries(expected)) {
    const got = actual[selector]
    if (!want || !got) {
      found.push(`${selector}: ${want ? 'present' : 'missing'} -> ${got ? 'present' : 'missing'}`)
      continue
    }
    for (const [name, value] of Object.entries(want)) {
      if (got[name] !== value) found.push(`${selector} ${name}: ${value} -> ${got[name]}`)
    }
  }
  return found
}

/** Waits until `page` shows the same styles as `reference` for these selectors. */
const expectSameStyles = (reference: Page, page: Page, selectors: string[], inModal: boolean) =>
  eventually(async () =>
    differences(await stylesOf(reference, selectors, inModal), await stylesOf(page, selectors, inModal)),
  ).toEqual([])

type LatchTest = {
  kernel: { open(options: { view: string }): void; close(): void }
  approve(): void
  setTheme(patch: { mode?: string; variables?: Record<string, string> }): void
}

/** Opens `path` in its own page, with motion reduced so no style is read mid-animation. */
async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(new URL(path, server.url).href)
  return page
}

/** Opens the modal on the Connect view and waits for the wallet row. */
async function openModal(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as never as { latchTest: LatchTest }).latchTest.kernel.open({ view: 'Connect' }),
  )
  await page.locator('latchkit-modal [data-connector="test.wallet"]').waitFor()
}

const MODAL_PARTS = [
  '.lk-root',
  '.lk-overlay',
  '.lk-dialog',
  '.lk-title',
  '.lk-row[data-connector="test.wallet"]',
  '.lk-row[data-connector="test.wallet"] img',
  '.lk-icon-btn',
]

describe('style isolation in Chromium', { timeout: 60_000 }, () => {
  it("the host page's CSS, !important, inherited or aimed at the modal's classes and tag, does not change the modal", async () => {
    const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce' })
    const clean = await open(context, '/clean')
    const hostile = await open(context, '/hostile')
    // The hostile sheet is live: it restyles the page's own button.
    await eventually(() =>
      hostile.locator('#page-button').evaluate((node) => getComputedStyle(node).fontFamily),
    ).toContain('Comic Sans')
    await openModal(clean)
    await openModal(hostile)
    await expectSameStyles(clean, hostile, MODAL_PARTS, true)
    // The host element itself stays out of layout, whatever the page says of its tag.
    await eventually(() =>
      hostile.locator('latchkit-modal').evaluate((node) => {
        const style = getComputedStyle(node)
        return [style.display, style.transform, style.filter, style.opacity].join(' ')
      }),
    ).toBe('contents none none 1')
    await context.close()
  })

  it("the modal's CSS does not change the page: the same styles before, during and after it is open", async () => {
    const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce' })
    const plain = await open(context, '/plain')
    const page = await open(context, '/clean')
    const pageParts = ['html', 'body', 'main', '#page-title', '#page-div', '#page-button']
    await page.locator('[data-latchkit=connect-button]').waitFor()
    await expectSameStyles(plain, page, pageParts, false)
    await openModal(page)
    await expectSameStyles(plain, page, pageParts, false)
    await page.keyboard.press('Escape')
    await page.locator('latchkit-modal [role=dialog]').waitFor({ state: 'detached' })
    await expectSameStyles(plain, page, pageParts, false)
    await context.close()
  })

  it("the buttons in the page keep their look under the page's ordinary rules and inherited styles; !important rules restyle them", async () => {
    const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce' })
    const clean = await open(context, '/clean')
    const ordinary = await open(context, '/ordinary')
    // The ordinary sheet is live: it restyles the page's own button.
    await eventually(() =>
      ordinary.locator('#page-button').evaluate((node) => getComputedStyle(node).fontFamily),
    ).toContain('Comic Sans')
    const disconnected = [
      '[data-latchkit=connect-button]',
      '[data-latchkit=network-button]',
      '[data-latchkit=network-button] img',
    ]
    await expectSameStyles(clean, ordinary, disconnected, false)
    // The browser's own focus ring stays: the reset goes back to its button style, not to none.
    const focusedButton = () => ordinary.evaluate(() => document.activeElement?.getAttribute('data-latchkit'))
    for (let i = 0; i < 5; i++) {
      // settled: a key press moves focus at once; the loop stops on the button it looks for.
      if ((await focusedButton()) === 'connect-button') break
      await ordinary.keyboard.press('Tab')
    }
    await eventually(focusedButton).toBe('connect-button')
    await eventually(() =>
      ordinary
        .locator('[data-latchkit=connect-button]')
        .evaluate((node) => getComputedStyle(node).outlineStyle),
    ).not.toBe('none')

    for (const page of [clean, ordinary]) {
      await openModal(page)
      await page.locator('latchkit-modal [data-connector="test.wallet"]').click()
      await page.evaluate(() => (window as never as { latchTest: LatchTest }).latchTest.approve())
      await page.locator('[data-latchkit=account-button]').waitFor()
      await page.locator('latchkit-modal [role=dialog]').waitFor({ state: 'detached' })
    }
    const connected = [
      '[data-latchkit=account-button]',
      // The avatar (the account has no profile image: a gradient span).
      '[data-latchkit=account-button] > span',
    ]
    await expectSameStyles(clean, ordinary, connected, false)

    // What the page marks !important does reach them: that is how a page restyles them on purpose.
    const hostile = await open(context, '/hostile')
    await eventually(() =>
      hostile.locator('[data-latchkit=connect-button]').evaluate((node) => getComputedStyle(node).fontFamily),
    ).toContain('Comic Sans')
    await context.close()
  })
})

describe('theme modes in Chromium', { timeout: 60_000 }, () => {
  const background = (page: Page, selector: string) =>
    page.locator(selector).evaluate((node) => getComputedStyle(node).backgroundColor)

  it('system mode follows the OS setting live, in the modal and the buttons', async () => {
    const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce', colorScheme: 'light' })
    const page = await open(context, '/clean?mode=system')
    await openModal(page)
    const dialog = 'latchkit-modal .lk-dialog'
    const networkButton = '[data-latchkit=network-button]'
    await eventually(() => background(page, dialog)).toBe('rgb(255, 255, 255)')
    await eventually(() => background(page, networkButton)).toBe('rgb(255, 255, 255)')
    await page.emulateMedia({ colorScheme: 'dark' })
    await eventually(() => background(page, dialog)).toBe('rgb(25, 26, 26)')
    await eventually(() => background(page, networkButton)).toBe('rgb(25, 26, 26)')
    await page.emulateMedia({ colorScheme: 'light' })
    await eventually(() => background(page, dialog)).toBe('rgb(255, 255, 255)')
    await context.close()
  })

  it('light and dark ignore the OS setting', async () => {
    const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce', colorScheme: 'dark' })
    const light = await open(context, '/clean?mode=light')
    await openModal(light)
    await eventually(() => background(light, 'latchkit-modal .lk-dialog')).toBe('rgb(255, 255, 255)')
    const dark = await open(context, '/clean?mode=dark')
    await dark.emulateMedia({ colorScheme: 'light' })
    await openModal(dark)
    await eventually(() => background(dark, 'latchkit-modal .lk-dialog')).toBe('rgb(25, 26, 26)')
    await context.close()
  })

  it('a custom theme (the documented example) restyles the modal and the buttons at runtime', async () => {
    const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce' })
    const page = await open(context, '/clean')
    await openModal(page)
    await page.evaluate(() =>
      (window as never as { latchTest: LatchTest }).latchTest.setTheme({
        mode: 'dark',
        variables: { accent: '#ff007a', radius: '8px', 'modal-width': '420px', font: 'Georgia, serif' },
      }),
    )
    const read = (selector: string, property: string) =>
      page.locator(selector).evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property)
    await eventually(async () => (await page.locator('latchkit-modal .lk-dialog').boundingBox())?.width).toBe(
      420,
    )
    await eventually(() => read('latchkit-modal .lk-dialog', 'border-top-left-radius')).toBe('8px')
    // The rows' radius follows the main one (three quarters of it).
    await eventually(() => read('latchkit-modal .lk-row', 'border-top-left-radius')).toBe('6px')
    await eventually(() => read('latchkit-modal .lk-title', 'font-family')).toBe('Georgia, serif')
    await eventually(() => read('[data-latchkit=connect-button]', 'background-color')).toBe(
      'rgb(255, 0, 122)',
    )
    await eventually(() => read('[data-latchkit=network-button]', 'background-color')).toBe('rgb(25, 26, 26)')
    await context.close()
  })
})
