/**
 * examples/nextjs as a visitor meets it: built once with `next build`, served by
 * `next start`, against a local anvil the dev wallet (injected into every page, as a
 * browser extension would be) holds accounts on. The server HTML is read with plain HTTP;
 * the page in Debian's Chromium.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devstack/anvil.js'
import { DEV_WALLET_RDNS } from '../../devstack/dev-wallet/index.js'
import { bundleDevWallet } from '../e2e/helpers/devWalletPage.js'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'
import { eventually, expectHidden, expectText, expectVisible } from '../support/waiting.js'
import {
  BUILD_HOOK_MS,
  buildExample,
  ensurePackageBuilt,
  type RunningExample,
  startExample,
} from './nextExample.js'

const CHAIN_ID = 31337
// anvil's first dev account (0xf39Fd6e5...b92266), the dev wallet's first account, shortened.
const SHORT_ACCOUNT = '0xf3...b92266'
const CONNECT_TEXT = 'Connect Wallet'

let anvil: AnvilInstance | undefined
let app: RunningExample | undefined
let devWallet = ''

// The builds are waited for while they make progress (minutes on a busy machine); they fail
// with a message naming the step when one stops making progress or outlasts its cap.
beforeAll(async () => {
  const [bundle, chain, builds] = await Promise.all([
    bundleDevWallet(),
    startAnvil({ chainId: CHAIN_ID }),
    (async () => ({ packageBuild: await ensurePackageBuilt(), nextBuild: await buildExample() }))(),
  ])
  anvil = chain
  devWallet = bundle
  if (process.env.LATCHKIT_TIMINGS) {
    const { packageBuild, nextBuild } = builds
    console.log(
      `[nextjs] package build ${packageBuild ? `${Math.round(packageBuild.ms / 1000)} s, peak ${packageBuild.peakRssMb} MB` : 'current'}; next build ${Math.round(nextBuild.ms / 1000)} s, peak ${nextBuild.peakRssMb} MB`,
    )
  }
  app = await startExample({ LATCHKIT_RPC_URL: chain.rpcUrl, LATCHKIT_CHAIN_ID: String(CHAIN_ID) })
}, BUILD_HOOK_MS)

afterAll(async () => {
  await app?.stop()
  await anvil?.stop()
})

const getBrowser = browserForFile()

function running(): { app: RunningExample; anvil: AnvilInstance } {
  if (!app || !anvil) throw new Error('the example is not running')
  return { app, anvil }
}

/** The server's HTML for a request with `cookie`, read once: it is the answer to one request. */
async function serverHtml(cookie?: string): Promise<string> {
  const response = await fetch(running().app.url, cookie ? { headers: { cookie } } : {})
  expect(response.status).toBe(200)
  return response.text()
}

/** The Cookie header the browser would send with its next request to the example. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(running().app.url)
  return cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
}

type Opened = { context: BrowserContext; page: Page; messages: Array<{ type: string; text: string }> }

/**
 * A new context whose pages get the dev wallet (installed once the body exists) and a
 * MutationObserver, from before the first byte is parsed, that records whether 'Connect'
 * ever appeared.
 */
async function openContext(): Promise<Opened> {
  const { context } = await newLocalContext(getBrowser())
  const chains = [{ chainId: CHAIN_ID, name: 'Local', rpcUrl: running().anvil.rpcUrl }]
  await context.addInitScript(`
    ${devWallet}
    document.addEventListener('DOMContentLoaded', () => {
      window.devWallet = LatchDevWallet.installDevWallet({ chains: ${JSON.stringify(chains)} })
    })
    window.__connectSeen = false
    const sawConnect = () =>
      !!document.querySelector('[data-latchkit="connect-button"]') ||
      (document.body?.textContent ?? '').includes(${JSON.stringify(CONNECT_TEXT)})
    new MutationObserver(() => {
      if (sawConnect()) window.__connectSeen = true
    }).observe(document, { childList: true, subtree: true, characterData: true })
  `)
  const page = await context.newPage()
  const messages: Opened['messages'] = []
  page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }))
  page.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }))
  return { context, page, messages }
}

/** Errors, page errors and any message about hydration: a clean page has none. */
function problems(messages: Opened['messages']): Opened['messages'] {
  return messages.filter(
    (m) =>
      m.type === 'error' || m.type === 'pageerror' || /hydrat|did not match|#418|#423|#425/i.test(m.text),
  )
}

const connectButton = (page: Page) => page.locator('[data-latchkit="connect-button"]')
const accountButton = (page: Page) => page.locator('[data-latchkit="account-button"]')
const status = (page: Page) => page.getByTestId('connection-status')

describe('examples/nextjs', () => {
  it('the server renders the connect button; the page hydrates without a warning and opens the modal', async () => {
    const html = await serverHtml()
    expect(html).toContain('data-latchkit="connect-button"')
    expect(html).toContain(CONNECT_TEXT)

    const { context, page, messages } = await openContext()
    try {
      await page.goto(running().app.url)
      await expectText(status(page), 'disconnected')
      // The observer that must stay silent after a connected reload does see 'Connect' here.
      await eventually(() => page.evaluate(() => (window as { __connectSeen?: boolean }).__connectSeen)).toBe(
        true,
      )
      // Interactive: the click reaches React's handler only once the page has hydrated.
      await connectButton(page).click()
      await expectVisible(page.getByRole('dialog').locator(`button[data-connector="${DEV_WALLET_RDNS}"]`))
      expect(problems(messages)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('a connected visitor reloads to their account from the first paint, then reconnects silently', async () => {
    const { context, page, messages } = await openContext()
    try {
      await page.goto(running().app.url)
      await connectButton(page).click()
      await page.getByRole('dialog').locator(`button[data-connector="${DEV_WALLET_RDNS}"]`).click()
      await page.getByTestId('devwallet-approve').click()
      await expectText(status(page), 'connected')
      await expectText(accountButton(page), new RegExp(SHORT_ACCOUNT.replace(/\./g, '\\.')))

      // The server alone, from the cookies: the account, and no 'Connect' anywhere visible.
      const cookie = await cookieHeader(context)
      const html = await serverHtml(cookie)
      expect(html).toContain('data-latchkit="account-button"')
      expect(html).toContain(SHORT_ACCOUNT)
      expect(html).not.toContain('data-latchkit="connect-button"')
      expect(html).not.toContain(CONNECT_TEXT)

      messages.length = 0
      await page.reload()
      await expectText(status(page), 'connected')
      await expectText(accountButton(page), new RegExp(SHORT_ACCOUNT.replace(/\./g, '\\.')))
      await expectVisible(page.getByTestId('balance'))
      await expectHidden(connectButton(page))
      // settled: the reconnect has completed, so the record of the whole load is final.
      expect(await page.evaluate(() => (window as { __connectSeen?: boolean }).__connectSeen)).toBe(false)
      expect(problems(messages)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('a corrupt cookie still renders Connect, on the server and in the page', async () => {
    const corrupt = `latchkit%3AconnectedAccounts=%7Bbroken; latchkit%3AlastUsedChain=%E0%A4%A`
    const html = await serverHtml(corrupt)
    expect(html).toContain('data-latchkit="connect-button"')
    expect(html).toContain(CONNECT_TEXT)

    const { context, page, messages } = await openContext()
    try {
      const { hostname } = new URL(running().app.url)
      await context.addCookies([
        { name: 'latchkit%3AconnectedAccounts', value: '%7Bbroken', domain: hostname, path: '/' },
      ])
      await page.goto(running().app.url)
      await expectText(status(page), 'disconnected')
      await expectText(connectButton(page), CONNECT_TEXT)
      expect(problems(messages)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
