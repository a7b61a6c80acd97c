// The widget's social plugin in Chromium against the real frame service and the devstack's
// local providers: a click on Google opens the login window at once, the person picks a
// dev user on the provider's page, the frame sets up the wallet behind its own password
// screen laid over the modal, and the account connects with its social provider; a reload
// reconnects without a window. GitHub (plain OAuth 2.0) logs in the same way from the
// "More" list; a window closed before the login finishes says so and Try again works.
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSocialProviders, startSocialProviders } from '../../devstack/oauth/index.js'
import { newLocalContext } from '../support/browser'
import { browserForFile } from '../support/browser-for-file'
import { serveBundledPage } from '../support/bundledPage'
import { type StaticServer, serveHtml } from '../support/static-server'
import { eventually, expectText, expectTextContaining } from '../support/waiting'
import { PROJECT, startServiceStack } from './serviceHelpers.js'

const getBrowser = browserForFile()
const PASSWORD = 'saffron river 31 kites'
let host: StaticServer
let forger: StaticServer
let providers: StartedSocialProviders
let stack: Awaited<ReturnType<typeof startServiceStack>>

beforeAll(async () => {
  host = await serveBundledPage({
    entry: fileURLToPath(new URL('./widgetPages/socialPage.tsx', import.meta.url)),
    title: 'social login against the real frame',
    configGlobal: 'widgetSocialTestConfig',
    config: { projectId: PROJECT },
    minify: true,
  })
  providers = await startSocialProviders()
  // A page on another origin that, framed by the app, keeps posting a made-up result.
  forger = await serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>forger</title></head><body><script>
setInterval(() => parent.postMessage({ type: 'latchkit:social', provider: 'google', result: '${'A'.repeat(43)}' }, '*'), 50)
</script></body></html>`,
  })
  stack = await startServiceStack({
    projects: { [PROJECT]: { allowedOrigins: [new URL(host.url).origin] } },
    social: providers.social,
  })
})

afterAll(async () => {
  await Promise.all([stack?.stop(), host?.close(), forger?.close(), providers?.stop()])
})

const pageUrl = () => `${host.url}?frameUrl=${encodeURIComponent(stack.service.url)}`
type Account = { address?: string; socialProvider?: string; status?: string }
const account = (page: Page, namespace = 'eip155') =>
  page.evaluate(
    (family) =>
      (
        window as unknown as {
          socialTest: { kernel: { getState(): { accounts: Record<string, Account | undefined> } } }
        }
      ).socialTest.kernel.getState().accounts[family] ?? {},
    namespace,
  )

/** A click on a provider's button, the dev user picked in the window it opens. */
async function logInAs(page: Page, provider: string, user: string) {
  const dialog = page.getByRole('dialog')
  const popupOpened = page.waitForEvent('popup')
  await dialog.locator(`[data-latchkit="social-provider"][data-provider="${provider}"]`).click()
  const popup = await popupOpened
  await popup.getByRole('button', { name: new RegExp(`^${user}`, 'i') }).click()
}

/** The frame's password screen over the modal, for a new person. */
async function setPassword(page: Page) {
  const frame = page.frameLocator('iframe[data-latchkit-frame]')
  await frame.getByTestId('frame-password').fill(PASSWORD)
  await frame.getByTestId('frame-password-confirm').fill(PASSWORD)
  await frame.getByTestId('frame-password-submit').click()
}

describe('social login in the widget', () => {
  it('logs in with Google in the window a click opens, sets up the wallet in the frame, and reconnects after a reload', async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      await page.goto(pageUrl())
      await page.locator('[data-latchkit="connect-button"]').click()
      const dialog = page.getByRole('dialog')
      await expectTextContaining(
        dialog.locator('[data-latchkit="social-provider"][data-provider="google"]'),
        'Continue with Google',
      )
      await logInAs(page, 'google', 'Alice')
      await setPassword(page)
      await dialog.waitFor({ state: 'hidden', timeout: 45_000 })
      await eventually(() => account(page), { timeout: 30_000 }).toMatchObject({
        status: 'connected',
        socialProvider: 'google',
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      })
      await eventually(() => account(page, 'solana')).toMatchObject({
        status: 'connected',
        socialProvider: 'google',
      })
      // settled: connected (above); the address does not change.
      const { address } = await account(page)

      await page.reload()
      await eventually(() => account(page), { timeout: 30_000 }).toMatchObject({
        status: 'connected',
        address,
        socialProvider: 'google',
      })
      expect(context.pages()).toHaveLength(1)
    } finally {
      await context.close()
    }
  }, 150_000)

  it('logs in with GitHub from More; a window closed early says so, and Try again opens another', async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      await page.goto(pageUrl())
      await page.locator('[data-latchkit="connect-button"]').click()
      const dialog = page.getByRole('dialog')
      await dialog.locator('[data-latchkit="social-more"]').click()
      const popupOpened = page.waitForEvent('popup')
      await dialog.locator('[data-latchkit="social-provider"][data-provider="github"]').click()
      const first = await popupOpened
      await first.getByRole('button', { name: /^Bob/ }).waitFor()
      await first.close()
      await expectText(
        dialog.locator('[data-latchkit="social-error"]'),
        'The login window was closed before the login finished',
      )

      const again = page.waitForEvent('popup')
      await dialog.locator('[data-latchkit="social-retry"]').click()
      const second = await again
      await second.getByRole('button', { name: /^Bob/ }).click()
      await setPassword(page)
      await dialog.waitFor({ state: 'hidden', timeout: 45_000 })
      await eventually(() => account(page), { timeout: 30_000 }).toMatchObject({
        status: 'connected',
        socialProvider: 'github',
      })
    } finally {
      await context.close()
    }
  }, 150_000)

  it('takes the result only from the login window: a page on another origin posting one changes nothing', async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      await page.goto(pageUrl())
      await page.locator('[data-latchkit="connect-button"]').click()
      const dialog = page.getByRole('dialog')
      const popupOpened = page.waitForEvent('popup')
      await dialog.locator('[data-latchkit="social-provider"][data-provider="google"]').click()
      const popup = await popupOpened
      await page.evaluate((url) => {
        const frame = document.createElement('iframe')
        frame.src = url
        document.body.append(frame)
      }, forger.url)
      await eventually(() => warnings.some((text) => text.includes('Dropped a social login message'))).toBe(
        true,
      )
      await popup.getByRole('button', { name: /^Carol/ }).click()
      await setPassword(page)
      await dialog.waitFor({ state: 'hidden', timeout: 45_000 })
      await eventually(() => account(page), { timeout: 30_000 }).toMatchObject({
        status: 'connected',
        socialProvider: 'google',
      })
    } finally {
      await context.close()
    }
  }, 150_000)
})
