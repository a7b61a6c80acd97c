/**
 * Networks in the demo, in Chromium against anvil: switching from the widget (approved in
 * the dev wallet), and a wallet that moves to a chain the app does not support, which
 * opens UnsupportedChain until the visitor switches back.
 */
import { createPublicClient, formatEther, http } from 'viem'
import { describe, it } from 'vitest'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { expectText, expectTextContaining, expectValue } from '../support/waiting.js'
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
    await expectText(view.networkButton, 'Latch Local 31337')

    await view.networkButton.click()
    await expectText(view.dialogTitle, 'Choose Network')
    await view.networkRow('eip155:31338').click()
    await expectText(view.wallet.promptTitle, 'Switch network')
    await expectTextContaining(view.wallet.prompt, 'wallet_switchEthereumChain')
    await view.wallet.approve.click()

    await expectText(view.summaryNetwork, 'Latch Local 31338 · chain 31338')
    await expectText(view.networkButton, 'Latch Local 31338')
    await expectValue(view.wallet.network, '31338')
    // The balance is read again, from the chain now active.
    const wei = await createPublicClient({ transport: http(demoChain(31338).rpcUrl) }).getBalance({
      address: account0,
    })
    await expectText(view.summaryBalance, `${formatEther(wei)} ETH`)
  })

  it('opens UnsupportedChain when the wallet moves to a chain the app lacks, and switching back from it works', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    await connectWithDevWallet(demo.page)
    await view.dialog.waitFor({ state: 'hidden' })

    // The person picks, in the wallet, a chain the demo does not configure.
    await view.wallet.network.selectOption('31339')
    await expectText(view.dialogTitle, 'Switch Network')
    await expectTextContaining(view.summaryNetwork, 'not supported by this app')

    await view.networkRow('eip155:31337').click()
    await expectText(view.wallet.promptTitle, 'Switch network')
    await expectTextContaining(view.wallet.prompt, 'Outside Chain 31339 (chain 31339)')
    await view.wallet.approve.click()

    await view.dialog.waitFor({ state: 'hidden' })
    await expectText(view.summaryNetwork, 'Latch Local 31337 · chain 31337')
    await expectText(view.summaryAddress, account0)
    await expectValue(view.wallet.network, '31337')
  })
})
