/**
 * Networks in the demo, in Chromium against anvil: switching from the widget (approved in
 * the dev wallet), and a wallet that moves to a chain the app does not support, which
 * opens UnsupportedChain until the visitor switches back.
 */
import { createPublicClient, formatEther, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { connectWithDevWallet, demoPagesForFile, ui } from './helpers/demoPage.js'
import { demoChain } from './helpers/demoStack.js'

const openPage = demoPagesForFile()

const account0 = fixtureAccounts[0]!.address

describe('demo: networks', () => {
  it('switches to the second local chain from the network button, approved in the dev wallet', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })
    expect(await view.networkButton.textContent()).toBe('Latch Local 31337')

    await view.networkButton.click()
    await expect.poll(() => view.dialogTitle.textContent()).toBe('Choose Network')
    await view.networkRow('eip155:31338').click()
    await expect.poll(() => view.wallet.promptTitle.textContent()).toBe('Switch network')
    expect(await view.wallet.prompt.textContent()).toContain('wallet_switchEthereumChain')
    await view.wallet.approve.click()

    await expect.poll(() => view.summaryNetwork.textContent()).toBe('Latch Local 31338 · chain 31338')
    await expect.poll(() => view.networkButton.textContent()).toBe('Latch Local 31338')
    expect(await view.wallet.network.inputValue()).toBe('31338')
    // The balance is read again, from the chain now active.
    const wei = await createPublicClient({ transport: http(demoChain(31338).rpcUrl) }).getBalance({
      address: account0,
    })
    await expect.poll(() => view.summaryBalance.textContent()).toBe(`${formatEther(wei)} ETH`)
  })

  it('opens UnsupportedChain when the wallet moves to a chain the app lacks, and switching back from it works', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })

    // The person picks, in the wallet, a chain the demo does not configure.
    await view.wallet.network.selectOption('31339')
    await expect.poll(() => view.dialogTitle.textContent()).toBe('Switch Network')
    await expect.poll(() => view.summaryNetwork.textContent()).toContain('not supported by this app')

    await view.networkRow('eip155:31337').click()
    await expect.poll(() => view.wallet.promptTitle.textContent()).toBe('Switch network')
    expect(await view.wallet.prompt.textContent()).toContain('Outside Chain 31339 (chain 31339)')
    await view.wallet.approve.click()

    await view.dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => view.summaryNetwork.textContent()).toBe('Latch Local 31337 · chain 31337')
    expect(await view.summaryAddress.textContent()).toBe(account0)
    expect(await view.wallet.network.inputValue()).toBe('31337')
  })
})
