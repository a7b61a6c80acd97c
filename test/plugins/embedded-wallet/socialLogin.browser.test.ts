// The widget's social plugin in Chromium against the real frame service and the devstack's
// local providers: a click on Google opens the login window at once, the person picks a
// dev user on the provider's page, the frame sets up the wallet behind its own password
// screen laid over the modal, and the account connects with its social provider; it signs
// a message that verifies and sends ETH that is mined (anvil), each approved in the
// frame; a reload reconnects without a window. GitHub (plain OAuth 2.0) logs in the same way from the
// "More" list; a window closed before the login finishes says so and Try again works.
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import { type StartedSocialProviders, startSocialProviders } from '../../../devstack/oauth/index.js'
import { PROJECT, startServiceStack } from '../../server/embedded-wallet/serviceHelpers.js'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { serveBundledPage } from '../../support/bundledPage'
import { frameScreen } from '../../support/frameScreen.js'
import { reportPageOnFailure } from '../../support/pageOnFailure.js'
import { type StaticServer, serveHtml } from '../../support/static-server'
import { eventually, expectText, expectTextContaining } from '../../support/waiting'

const getBrowser = browserForFile()
const PASSWORD = 'saffron river 31 kites'
let host: StaticServer
let forger: StaticServer
let anvil: AnvilInstance
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
  anvil = await startAnvil({ chainId: 31337 })
  // A page on another origin that, framed by the app, keeps posting a made-up result.
  forger = await serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>forger</title></head><body><script>
setInterval(() => parent.postMessage({ type: 'latchkit:social', provider: 'google', result: '${'A'.repeat(43)}' }, '*'), 50)
</script></body></html>`,
  })
  stack = await startServiceStack({
    projects: { [PROJECT]: { allowedOrigins: [new URL(host.url).origin] } },
    chains: { 'eip155:31337': anvil.rpcUrl },
    social: providers.social,
  })
})

afterAll(async () => {
  await Promise.all([stack?.stop(), host?.close(), forger?.close(), providers?.stop(), anvil?.stop()])
})

const pageUrl = () =>
  `${host.url}?frameUrl=${encodeURIComponent(stack.service.url)}&rpcUrl=${encodeURIComponent(anvil.rpcUrl)}`
type PageState = { signature: unknown; sent: unknown }
const pageState = (page: Page) =>
  page.evaluate(() => (window as unknown as { socialTest: { state: PageState } }).socialTest.state)
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

/** Runs `steps` on a page of a fresh browser context, its failures reported; the context closes after. */
async function onNewPage(steps: (page: Page, context: BrowserContext) => Promise<void>) {
  const { context } = await newLocalContext(getBrowser())
  try {
    const page = await context.newPage()
    reportPageOnFailure(page)
    await steps(page, context)
  } finally {
    await context.close()
  }
}

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
  await frameScreen(page).click('frame-password-submit')
}

/**
 * After the dev user is picked: the password set in the frame, the modal closes and the
 * EVM account connects with `provider` (and `more`, e.g. its address).
 */
async function finishSignUp(
  page: Page,
  provider: string,
  more: Partial<Record<keyof Account, unknown>> = {},
) {
  await setPassword(page)
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 45_000 })
  await eventually(() => account(page), { timeout: 30_000 }).toMatchObject({
    status: 'connected',
    socialProvider: provider,
    ...more,
  })
}

describe('social login in the widget', () => {
  it(
    'logs in with Google in the window a click opens, sets up the wallet in the frame, signs and sends ETH approved in the frame, and reconnects after a reload',
    () =>
      onNewPage(async (page, context) => {
        await page.goto(pageUrl())
        await page.locator('[data-latchkit="connect-button"]').click()
        const dialog = page.getByRole('dialog')
        await expectTextContaining(
          dialog.locator('[data-latchkit="social-provider"][data-provider="google"]'),
          'Continue with Google',
        )
        await logInAs(page, 'google', 'Alice')
        await finishSignUp(page, 'google', { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
        await eventually(() => account(page, 'solana')).toMatchObject({
          status: 'connected',
          socialProvider: 'google',
        })
        // settled: connected (above); the address does not change.
        const { address } = await account(page)

        // The wallet signs and sends, each approved in the frame's own screen.
        await page.evaluate(() =>
          (window as unknown as { socialTest: { sign(): boolean } }).socialTest.sign(),
        )
        await frameScreen(page).click('frame-approve')
        await eventually(async () => (await pageState(page)).signature).toMatch(/^0x[0-9a-f]{130}$/)
        // settled: the signature arrived (above) and is kept as it came.
        const signature = (await pageState(page)).signature as Hex
        expect(await verifyMessage({ address: address as Hex, message: 'hello', signature })).toBe(true)
        const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
        await chain.request({
          method: 'anvil_setBalance' as never,
          params: [address, `0x${parseEther('1').toString(16)}`] as never,
        })
        const receiver = privateKeyToAddress(generatePrivateKey())
        await page.evaluate(
          ([to, wei]) =>
            (window as unknown as { socialTest: { send(to: string, wei: string): boolean } }).socialTest.send(
              to,
              wei,
            ),
          [receiver, parseEther('0.01').toString()] as const,
        )
        await frameScreen(page).click('frame-approve')
        await eventually(async () => (await pageState(page)).sent, { timeout: 30_000 }).toMatch(
          /^0x[0-9a-f]{64}$/,
        )
        // settled: the hash arrived (above) and is kept as it came.
        const hash = (await pageState(page)).sent as Hex
        expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
        expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.01'))

        await page.reload()
        await eventually(() => account(page), { timeout: 30_000 }).toMatchObject({
          status: 'connected',
          address,
          socialProvider: 'google',
        })
        expect(context.pages()).toHaveLength(1)
      }),
    150_000,
  )

  it(
    'logs in with GitHub from More; a window closed early says so, and Try again opens another',
    () =>
      onNewPage(async (page) => {
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
        await finishSignUp(page, 'github')
      }),
    150_000,
  )

  it(
    'takes the result only from the login window: a page on another origin posting one changes nothing',
    () =>
      onNewPage(async (page) => {
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
        await finishSignUp(page, 'google')
      }),
    150_000,
  )
})
