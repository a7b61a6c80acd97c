/**
 * The demo in Chromium against anvil: connecting through the dev wallet by clicking what a
 * person clicks, declining and retrying, disconnecting, and the silent reconnect on reload.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createPublicClient, formatEther, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../devstack/fixtures.js'
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
    expect(await view.wallet.promptTitle.textContent()).toBe('Connection request')
    expect(await view.wallet.prompt.textContent()).toContain('eth_requestAccounts')
    await view.wallet.approve.click()

    const chain = demoChain(31337)
    const wei = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address: account0 })
    await expect.poll(() => view.summaryAddress.textContent()).toBe(account0)
    await expect.poll(() => view.summaryBalance.textContent()).toBe(`${formatEther(wei)} ETH`)
    expect(await view.summaryNetwork.textContent()).toBe('Latch Local 31337 · chain 31337')

    // The connect modal closes by itself once connected; the account button opens the account view.
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await expect.poll(() => view.dialogTitle.textContent()).toBe('Account')
    expect(await view.accountName.textContent()).toBe(`${account0.slice(0, 4)}...${account0.slice(-6)}`)
    expect(await view.accountBalance.textContent()).toBe(
      `${threeDecimals.format(Number(formatEther(wei)))} ETH`,
    )

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

    await expect.poll(() => view.connecting.getAttribute('data-state')).toBe('declined')
    expect(await view.dialog.textContent()).toContain('Connection declined')
    expect(await view.summary.getAttribute('data-status')).toBe('disconnected')

    await view.dialog.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => view.connecting.getAttribute('data-state')).toBe('waiting')
    await view.wallet.approve.click()
    await expect.poll(() => view.summaryAddress.textContent()).toBe(account0)
  })

  it('disconnect clears the account, forgets the site in the wallet, and stays disconnected after reload', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await view.dialog.getByRole('button', { name: 'Disconnect' }).click()

    await view.connectButton.waitFor()
    await expect.poll(() => view.summary.getAttribute('data-status')).toBe('disconnected')
    expect(await view.summaryAddress.count()).toBe(0)
    expect(await view.accountButton.count()).toBe(0)
    // The widget revoked the permission, so the wallet no longer lists the site.
    await expect.poll(() => view.wallet.siteStatus.getAttribute('data-connected')).toBe('false')

    await demo.page.reload()
    await view.connectButton.waitFor()
    await expect.poll(() => view.summary.getAttribute('data-status')).toBe('disconnected')
    // Give a wrong silent reconnect (or a stray prompt) time to show before saying it did not.
    await demo.page.waitForTimeout(500)
    expect(await view.summary.getAttribute('data-status')).toBe('disconnected')
    expect(await view.wallet.prompt.isHidden()).toBe(true)
  })

  it('disconnects the app when the person clicks Disconnect site in the wallet', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.wallet.disconnect.click()
    await view.connectButton.waitFor()
    await expect.poll(() => view.summary.getAttribute('data-status')).toBe('disconnected')
  })

  it('reconnects to the same account after a reload, without a prompt', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    // Pick account 1 in the wallet first, so "the same account" is not just the default one.
    const account1 = fixtureAccounts[1]!.address
    await view.wallet.account.selectOption(account1)
    await expect.poll(() => view.summaryAddress.textContent()).toBe(account1)

    await demo.page.reload()
    await expect.poll(() => view.summaryAddress.textContent()).toBe(account1)
    expect(await view.accountButton.isVisible()).toBe(true)
    expect(await view.wallet.prompt.isHidden()).toBe(true)
    expect(await view.dialog.count()).toBe(0)
  })
})
