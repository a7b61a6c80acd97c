/**
 * Sign-in end to end in Chromium: the dev wallet (approved by clicking its panel, as a
 * person does), the siwe plugin and the reference verifier on anvil and PGlite.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_WALLET_RDNS } from '../../../devstack/dev-wallet/index.js'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { createSiweVerifier, type StartedSiweVerifier } from '../../../server/siwe/index.js'
import { newLocalContext } from '../../support/browser.js'
import { browserForFile } from '../../support/browser-for-file.js'
import { getDevstack } from '../../support/devstack.js'
import type { StaticServer } from '../../support/static-server.js'
import { eventually, expectAttribute, expectCount, expectText } from '../../support/waiting.js'
import type { SiweTestConfig } from './browserPage/page.js'
import { serveSiwePage } from './browserPage/sitePage.js'

const getBrowser = browserForFile()
const { chains } = getDevstack()
let site: StaticServer
let verifier: StartedSiweVerifier
let context: BrowserContext
let page: Page
let blocked: string[]

beforeAll(async () => {
  site = await serveSiwePage()
  // Bound to the page's origin: the messages the widget builds name its host and URL.
  const server = await createSiweVerifier({ origin: site.url, chains })
  verifier = await server.start()
})
afterAll(async () => {
  await Promise.all([verifier?.stop(), site?.close()])
})

async function openPage(required = false) {
  ;({ context, blocked } = await newLocalContext(getBrowser()))
  const config: SiweTestConfig = {
    chains: chains.map((chain) => ({
      chainId: chain.chainId,
      name: `Local ${chain.chainId}`,
      rpcUrl: chain.rpcUrl,
    })),
    verifierUrl: verifier.url,
    required,
  }
  // Before any page script, on every load (reloads included).
  await context.addInitScript((value) => {
    window.siweTestConfig = value
  }, config)
  page = await context.newPage()
  await page.goto(site.url)
}

afterEach(async () => {
  expect(blocked).toEqual([])
  await context?.close()
})

function ui() {
  const dialog = page.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    connect: page.locator('[data-latchkit="connect-button"]'),
    devWallet: dialog.locator(`button[data-connector="${DEV_WALLET_RDNS}"]`),
    status: page.getByTestId('siwe-status'),
    approve: page.getByTestId('devwallet-approve'),
    promptTitle: page.getByTestId('devwallet-prompt-title'),
  }
}

/** The session token the page holds, and what the verifier says about it. */
async function serverSession(): Promise<{ token: string | undefined; status: number }> {
  const token = await page.evaluate(
    () => (window.kernel.pluginState('siwe') as { session?: { token?: string } }).session?.token,
  )
  if (!token) return { token, status: 0 }
  const response = await fetch(`${verifier.url}/siwe/session`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return { token, status: response.status }
}

const account0 = fixtureAccounts[0]!.address
const results = fileURLToPath(new URL('../../../test-results/', import.meta.url))

describe('siwe in the browser', () => {
  it('signs in with the dev wallet, is still signed in after a reload, then signs out', async () => {
    await openPage()
    const view = ui()
    await view.connect.click()
    await view.devWallet.click()
    await view.approve.click()

    // Connected: the sign-in view takes over the modal.
    await expectText(view.title, 'Sign In')
    // For a person to look at; test-results/ is not in git.
    mkdirSync(results, { recursive: true })
    await page.screenshot({ path: `${results}siwe-sign-in-view.png` })
    await view.dialog.getByRole('button', { name: 'Sign' }).click()
    await expectCount(view.dialog.getByRole('button', { name: 'Authenticating...' }), 1)
    await expectText(view.promptTitle, /sign/i)
    await view.approve.click()

    await view.dialog.waitFor({ state: 'hidden' })
    await expectText(view.status, `Signed in as ${account0}Sign out`)
    await eventually(serverSession).toMatchObject({ status: 200 })
    // settled: the session just checked above; its token is kept to compare after the reload.
    const signedIn = await serverSession()

    await page.reload()
    await expectAttribute(view.status, 'data-signed-in', 'true')
    await page.waitForLoadState('networkidle')
    await expectCount(view.dialog, 0)
    await eventually(async () => (await serverSession()).token).toBe(signedIn.token)

    await view.status.getByRole('button', { name: 'Sign out' }).click()
    await expectAttribute(view.status, 'data-signed-in', 'false')
    await view.connect.waitFor()
    const response = await fetch(`${verifier.url}/siwe/session`, {
      headers: { authorization: `Bearer ${signedIn.token}` },
    })
    expect(response.status).toBe(401)
  })
})
