// The modal in Chromium: keyboard only, focus trap, Escape, hostile host CSS, axe-core.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLocalContext } from '../support/browser'
import { browserForFile } from '../support/browser-for-file'
import { bundlePageScript } from '../support/bundledPage'
import { type StaticServer, serveHtml } from '../support/static-server'
import { eventually, expectText } from '../support/waiting'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const getBrowser = browserForFile()
let server: StaticServer

beforeAll(async () => {
  const script = await bundlePageScript(here('../pages/modal.tsx'))
  const html = readFileSync(here('../pages/modal.html'), 'utf8').replace('/*BUNDLE*/', () => script)
  server = await serveHtml({ '/': html })
}, 60_000)
afterAll(() => server?.close())

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** What has focus, looking into the modal's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return {
      inModal: active?.getRootNode() !== document,
      role: active?.getAttribute('role') ?? null,
      tag: active?.tagName.toLowerCase() ?? null,
      label: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
      latchkit: active?.getAttribute('data-latchkit') ?? null,
    }
  })

const currentView = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as never as { latchTest: { kernel: { router: { current(): { view: string } | undefined } } } }
      ).latchTest.kernel.router.current()?.view,
  )

interface AxeResult {
  violations: { id: string; nodes: unknown[] }[]
  passes: { nodes: { target: unknown[] }[] }[]
}

/**
 * Runs axe on the page (loading it the first time); `sawModal` proves it looked inside the
 * modal's shadow root. A view may still be settling: assert with `eventually`.
 */
const runAxe = async (page: Page) => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const axe = (window as never as { axe: { run(context: Document): Promise<AxeResult> } }).axe
    const { violations, passes } = await axe.run(document)
    return {
      violations: violations.map((violation) => `${violation.id} (${violation.nodes.length})`),
      // Nodes in a shadow root are targeted as [host selector, inner selector].
      sawModal: passes.some((rule) =>
        rule.nodes.some(
          (node) => Array.isArray(node.target[0]) && String(node.target[0][0]).includes('latchkit-modal'),
        ),
      ),
    }
  })
}

/** Tabs until `predicate` holds (at most `limit` presses). */
async function tabTo(page: Page, predicate: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 12) {
  for (let i = 0; i < limit; i++) {
    if (predicate(await focused(page))) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`focus never reached the target; last: ${JSON.stringify(await focused(page))}`)
}

describe('modal in Chromium', { timeout: 30_000 }, () => {
  it('keyboard only: open, trap, Connect -> wallet -> back, Escape, Networks -> switch', async () => {
    const { context, blocked } = await newLocalContext(getBrowser())
    const page = await context.newPage()
    page.setDefaultTimeout(5000)
    await page.goto(server.url)
    await page.waitForSelector('[data-latchkit=connect-button]')

    await tabTo(page, (f) => f.latchkit === 'connect-button')
    await page.keyboard.press('Enter')
    await page.locator('latchkit-modal [role=dialog]').waitFor()
    await page.locator('latchkit-modal [data-connector="test.wallet"]').waitFor()
    await eventually(() => focused(page)).toMatchObject({ inModal: true, role: 'dialog' })

    // The dialog is visible and 360px wide despite the host's `display: none !important`.
    const dialog = page.locator('latchkit-modal .lk-dialog')
    await eventually(async () => (await dialog.boundingBox())?.width).toBe(360)
    // Host CSS did not change the modal's font or accent.
    const titleStyle = (property: 'fontFamily' | 'letterSpacing' | 'color') =>
      page.locator('latchkit-modal .lk-title').evaluate((node, p) => getComputedStyle(node)[p], property)
    await eventually(() => titleStyle('fontFamily')).not.toContain('serif,') // the host asks for plain serif
    await eventually(() => titleStyle('fontFamily')).toContain('system-ui')
    await eventually(() => titleStyle('letterSpacing')).toBe('normal')
    await eventually(() => titleStyle('color')).not.toBe('rgb(255, 0, 255)')

    // Focus trap: many Tabs and Shift+Tabs never leave the dialog.
    const focusInModal = async () => (await focused(page)).inModal
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      await eventually(focusInModal).toBe(true)
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab')
      await eventually(focusInModal).toBe(true)
    }

    // Connect -> ConnectingExternal (Enter on the wallet) -> Back.
    await tabTo(page, (f) => f.tag === 'button' && f.label.includes('Test Wallet'))
    await page.keyboard.press('Enter')
    await page.locator('latchkit-modal [data-view=ConnectingExternal] .lk-center').waitFor()
    await eventually(() => currentView(page)).toBe('ConnectingExternal')
    await tabTo(page, (f) => f.label === 'Back')
    await page.keyboard.press('Enter')
    await page.locator('latchkit-modal [data-view=Connect] [data-connector]').waitFor()
    await eventually(() => currentView(page)).toBe('Connect')

    // Escape closes and focus returns to the opener.
    await page.keyboard.press('Escape')
    await page.locator('latchkit-modal [role=dialog]').waitFor({ state: 'detached' })
    await eventually(() => focused(page)).toMatchObject({ inModal: false, latchkit: 'connect-button' })

    // Networks: open from the network button, pick Base with the keyboard; back from the
    // first view closes the modal.
    await page.keyboard.press('Shift+Tab')
    await eventually(async () => (await focused(page)).latchkit).toBe('network-button')
    await page.keyboard.press('Enter')
    await page.locator('latchkit-modal [data-network="eip155:8453"]').waitFor()
    await tabTo(page, (f) => f.tag === 'button' && f.label.includes('Base'))
    await page.keyboard.press('Enter')
    await page.locator('latchkit-modal [role=dialog]').waitFor({ state: 'detached' })
    await expectText(page.locator('[data-latchkit=network-button]'), 'Base')

    expect(blocked).toEqual([])
    await context.close()
  })

  for (const mode of ['light', 'dark'] as const) {
    it(`axe-core finds no violations (${mode} theme: Connect, Networks, declined, Account)`, async () => {
      // Reduced motion: axe weighs the colours as they settle, not a frame of the 150 ms fade-in
      // (a view that renders at once, its module preloaded, is still fading when axe runs).
      const { context } = await newLocalContext(getBrowser(), { reducedMotion: 'reduce' })
      const page = await context.newPage()
      await page.goto(server.url)
      await page.waitForSelector('[data-latchkit=connect-button]')
      await page.evaluate(
        (m) => (window as never as { latchTest: { setTheme(m: string): void } }).latchTest.setTheme(m),
        mode,
      )
      await page.click('[data-latchkit=connect-button]')
      await page.locator('latchkit-modal [data-connector="test.wallet"]').waitFor()
      await eventually(() => runAxe(page)).toEqual({ violations: [], sawModal: true })
      await page.evaluate(() =>
        (
          window as never as { latchTest: { kernel: { router: { push(v: string): void } } } }
        ).latchTest.kernel.router.push('Networks'),
      )
      await page.locator('latchkit-modal [data-network="eip155:1"]').waitFor()
      await eventually(() => runAxe(page)).toEqual({ violations: [], sawModal: true })
      // ConnectingExternal (declined, with Retry), then Account once connected.
      await page.locator('latchkit-modal [aria-label=Back]').click()
      await page.locator('latchkit-modal [data-connector="test.wallet"]').click()
      await page.evaluate(() => (window as never as { latchTest: { reject(): void } }).latchTest.reject())
      await page.locator('latchkit-modal [data-state=declined]').waitFor()
      await eventually(() => runAxe(page)).toEqual({ violations: [], sawModal: true })
      await page.locator('latchkit-modal .lk-primary').click()
      await page.evaluate(() => (window as never as { latchTest: { approve(): void } }).latchTest.approve())
      await page.locator('latchkit-modal [role=dialog]').waitFor({ state: 'detached' })
      await page.click('[data-latchkit=account-button]')
      await page.locator('latchkit-modal [data-latchkit=account-name]').waitFor()
      await eventually(() => runAxe(page)).toEqual({ violations: [], sawModal: true })
      await context.close()
    })
  }

  it('animates with its timings (150 ms view and height, 120 ms header), and not at all under prefers-reduced-motion', async () => {
    /** Opens the modal under `reducedMotion` and waits for each computed timing in `expected`. */
    const expectTimings = async (
      reducedMotion: 'reduce' | 'no-preference',
      expected: Partial<Record<'view' | 'title' | 'height' | 'viewName', string>>,
    ) => {
      const { context } = await newLocalContext(getBrowser(), { reducedMotion })
      try {
        const page = await context.newPage()
        await page.goto(server.url)
        await page.click('[data-latchkit=connect-button]')
        await page.locator('latchkit-modal [data-connector]').waitFor()
        const read = (
          selector: string,
          property: 'animationDuration' | 'transitionDuration' | 'animationName',
        ) =>
          page
            .locator(`latchkit-modal ${selector}`)
            .first()
            .evaluate((node, p) => getComputedStyle(node)[p], property)
        const reads = {
          view: () => read('.lk-view', 'animationDuration'),
          title: () => read('.lk-title', 'animationDuration'),
          height: () => read('.lk-body', 'transitionDuration'),
          viewName: () => read('.lk-view', 'animationName'),
        }
        for (const [key, value] of Object.entries(expected) as [keyof typeof reads, string][]) {
          await eventually(reads[key], { message: key }).toBe(value)
        }
      } finally {
        await context.close()
      }
    }
    await expectTimings('no-preference', {
      view: '0.15s',
      title: '0.12s',
      height: '0.15s',
      viewName: 'lk-view-in',
    })
    await expectTimings('reduce', { viewName: 'none', height: '0s' })
  })

  it('is a full-width bottom sheet under 430px', async () => {
    const { context } = await newLocalContext(getBrowser(), { viewport: { width: 375, height: 700 } })
    const page = await context.newPage()
    await page.goto(server.url)
    await page.click('[data-latchkit=connect-button]')
    // The sheet slides in: wait for where it comes to rest.
    const dialog = page.locator('latchkit-modal .lk-dialog')
    await eventually(async () => {
      const box = await dialog.boundingBox()
      return { width: box?.width, bottom: Math.round((box?.y ?? 0) + (box?.height ?? 0)) }
    }).toEqual({ width: 375, bottom: 700 })
    await context.close()
  })
})
