/**
 * Sign-in with the wallet in the demo, in Chromium against anvil and the local API
 * server's verifier: turned on from the page, signed in through the dev wallet, still
 * signed in after a reload without a prompt, and signed out with the session revoked on
 * the server (asked over HTTP, as the app's backend would).
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { DevstackConfig } from '../../demo/src/devstackConfig.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { expectAttribute, expectText, expectTextContaining } from '../support/waiting.js'
import { connectWithDevWallet, demoPagesForFile, ui } from './helpers/demoPage.js'
import { getDemo } from './helpers/demoStack.js'

const openPage = demoPagesForFile()

const account0 = fixtureAccounts[0]!.address

/** The API server the page talks to, as the page learns it. */
async function apiUrl(): Promise<string> {
  const config = (await (await fetch(new URL('devstack.json', getDemo().url))).json()) as DevstackConfig
  if (!config.api) throw new Error('the demo serves no API server')
  return config.api.url
}

/** What the verifier says about a session token (the app's backend asks the same way). */
async function serverSession(api: string, token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${api}/siwe/session`, { headers: { cookie: `siwe_session=${token}` } })
  return { status: response.status, body: await response.json() }
}

describe('demo: sign in with the wallet', () => {
  it('signs in through the dev wallet, stays signed in after a reload, and signing out revokes the session', async () => {
    const demo = await openPage()
    const { page, context } = demo
    const view = ui(page)
    const card = page.getByTestId('demo-sign-in')
    const status = page.getByTestId('demo-sign-in-status')
    const api = await apiUrl()

    await expectAttribute(card, 'data-state', 'off')
    await card.getByRole('button', { name: 'Turn on sign-in' }).click()
    await expectAttribute(card, 'data-state', 'signed-out')

    // Connected: the widget moves on to the sign-in view by itself.
    await connectWithDevWallet(page)
    await expectText(view.dialogTitle, 'Sign In')
    await expectTextContaining(view.dialog, 'Latch Demo wants to connect to your wallet')
    await view.dialog.getByRole('button', { name: 'Sign', exact: true }).click()
    await expectText(view.wallet.promptTitle, /sign/i)
    // The message the wallet shows is made for this page, with the app's statement.
    await expectTextContaining(
      view.wallet.prompt,
      `${new URL(getDemo().url).host} wants you to sign in with your Ethereum account`,
      'Sign in to Latch Demo',
    )
    await view.wallet.approve.click()

    await view.dialog.waitFor({ state: 'hidden' })
    await expectAttribute(card, 'data-state', 'signed-in')
    await expectText(status, `Signed in as ${account0}`)
    // For a person to look at; test-results/ is not in git.
    const results = fileURLToPath(new URL('../../test-results/', import.meta.url))
    mkdirSync(results, { recursive: true })
    await page.screenshot({ path: `${results}e2e-demo-signed-in.png`, fullPage: true })
    // The verifier set its HttpOnly cookie for the API's host; the backend honours it.
    const cookie = (await context.cookies(api)).find((c) => c.name === 'siwe_session')
    expect(cookie?.httpOnly).toBe(true)
    const token = cookie?.value ?? ''
    expect(await serverSession(api, token)).toMatchObject({
      status: 200,
      body: { session: { address: account0, chainId: 31337, domain: new URL(getDemo().url).host } },
    })

    await page.reload()
    await expectAttribute(card, 'data-state', 'signed-in')
    // Give a wrong sign-in prompt time to show before saying there was none: a window for
    // something that must not happen, not a wait for a condition.
    await page.waitForTimeout(500)
    // After the window above, this is the state that must have stayed.
    await expectAttribute(card, 'data-state', 'signed-in')
    // settled: as above; a sign-in view or a wallet prompt, once shown, stays until clicked.
    expect(await view.dialog.count()).toBe(0)
    // settled: as above.
    expect(await view.wallet.prompt.isHidden()).toBe(true)

    await card.getByRole('button', { name: 'Sign out' }).click()
    await expectAttribute(card, 'data-state', 'signed-out')
    // Sign-out also disconnects the wallet.
    await view.connectButton.waitFor()
    // Revoked on the server: the token (and the cookie still holding it) opens nothing.
    expect(await serverSession(api, token)).toMatchObject({ status: 401, body: { error: 'no_session' } })
  })
})
