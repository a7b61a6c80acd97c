/**
 * The demo in Chromium against anvil: connecting through the dev wallet by clicking what a
 * person clicks, declining and retrying, disconnecting, and the silent reconnect on reload.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createPublicClient, formatEther, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import {
  expectAttribute,
  expectCount,
  expectHidden,
  expectText,
  expectTextContaining,
  expectVisible,
} from '../support/waiting.js'
import { connectWithDevWallet, DEV_WALLET_RDNS, demoPagesForFile, ui } from './helpers/demoPage.js'
import { demoChain } from './helpers/demoStack.js'

const openPage = demoPagesForFile()

const account0 = fixtureAccounts[0]!.address
const threeDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

describe('demo: connect through the dev wallet', () => {
  it('shows the address and the balance anvil reports, in the app and in the account view', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await view.connectButton.click()
    await view.walletEntry(DEV_WALLET_RDNS).click()
    // The wallet's prompt names the request and the site asking.
    await expectText(view.wallet.promptTitle, 'Connection request')
    await expectTextContaining(view.wallet.prompt, 'eth_requestAccounts')
    await view.wallet.approve.click()

    const chain = demoChain(31337)
    const wei = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address: account0 })
    await expectText(view.summaryAddress, account0)
    await expectText(view.summaryBalance, `${formatEther(wei)} ETH`)
    await expectText(view.summaryNetwork, 'Latch Local 31337 · chain 31337')

    // The connect modal closes by itself once connected; the account button opens the account view.
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await expectText(view.dialogTitle, 'Account')
    // The demo has the ens plugin: the first dev account shows by its ENS name.
    await expectText(view.accountName, 'alice.eth')
    await expectText(view.accountBalance, `${threeDecimals.format(Number(formatEther(wei)))} ETH`)

    // For a person to look at; test-results/ is not in git.
    const results = fileURLToPath(new URL('../../test-results/', import.meta.url))
    mkdirSync(results, { recursive: true })
    await demo.page.screenshot({ path: `${results}e2e-connected-account-view.png` })
  })

  it('shows the declined state when the wallet rejects, and Try again connects', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await view.connectButton.click()
    await view.walletEntry(DEV_WALLET_RDNS).click()
    await view.wallet.reject.click()

    await expectAttribute(view.connecting, 'data-state', 'declined')
    await expectTextContaining(view.dialog, 'Connection declined')
    await expectAttribute(view.summary, 'data-status', 'disconnected')

    await view.dialog.getByRole('button', { name: 'Try again' }).click()
    await expectAttribute(view.connecting, 'data-state', 'waiting')
    await view.wallet.approve.click()
    await expectText(view.summaryAddress, account0)
  })

  it('disconnect clears the account, forgets the site in the wallet, and stays disconnected after reload', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await view.dialog.getByRole('button', { name: 'Disconnect' }).click()

    await view.connectButton.waitFor()
    await expectAttribute(view.summary, 'data-status', 'disconnected')
    await expectCount(view.summaryAddress, 0)
    await expectCount(view.accountButton, 0)
    // The widget revoked the permission, so the wallet no longer lists the site.
    await expectAttribute(view.wallet.siteStatus, 'data-connected', 'false')

    await demo.page.reload()
    await view.connectButton.waitFor()
    await expectAttribute(view.summary, 'data-status', 'disconnected')
    // Give a wrong silent reconnect (or a stray prompt) time to show before saying it did not:
    // a window for something that must not happen, not a wait for a condition.
    await demo.page.waitForTimeout(500)
    // After the window above, this is the state that must have stayed.
    await expectAttribute(view.summary, 'data-status', 'disconnected')
    // settled: as above; a prompt, once shown, stays until clicked.
    expect(await view.wallet.prompt.isHidden()).toBe(true)
  })

  it('disconnects the app when the person clicks Disconnect site in the wallet', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.wallet.disconnect.click()
    await view.connectButton.waitFor()
    await expectAttribute(view.summary, 'data-status', 'disconnected')
  })

  it('reconnects to the same account after a reload, without a prompt', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    // Pick account 1 in the wallet first, so "the same account" is not just the default one.
    const account1 = fixtureAccounts[1]!.address
    await view.wallet.account.selectOption(account1)
    await expectText(view.summaryAddress, account1)

    await demo.page.reload()
    await expectText(view.summaryAddress, account1)
    await expectVisible(view.accountButton)
    await expectHidden(view.wallet.prompt)
    await expectCount(view.dialog, 0)
  })

  it('reconnects after a reload although the stored list of connected namespaces is corrupt', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await expectText(view.summaryAddress, account0)
    // The connector id is still stored; only the namespace list is damaged.
    await demo.page.evaluate(() => localStorage.setItem('latchkit:connectedNamespaces', '{not json'))

    await demo.page.reload()
    await expectText(view.summaryAddress, account0)
    await expectVisible(view.accountButton)
    await expectHidden(view.wallet.prompt)
  })

  it("shows the balance in the account view's header after a quick disconnect and connect of the same account", async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    const chain = demoChain(31337)
    const wei = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address: account0 })
    const shown = `${threeDecimals.format(Number(formatEther(wei)))} ETH`

    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await expectText(view.accountBalance, shown)
    await view.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await view.connectButton.waitFor()

    // Well within the 30 s the first balance read is kept.
    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await expectText(view.accountBalance, shown)
  })
})
