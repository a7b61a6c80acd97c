/**
 * wagmi interop in Chromium against the real parts: anvil with the fixture LTK, the dev
 * wallet, and the demo's wagmi card (real wagmi hooks over latchkitConnector). Connecting
 * through Latchkit shows the account in wagmi; useWriteContract sends a transfer that the
 * dev wallet approves and anvil mines, read back from the chain; a switch made in wagmi
 * moves Latchkit's network button and one made in Latchkit moves wagmi. Own chains: this
 * file sends transactions.
 */
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatUnits, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts, fixtureContracts } from '../../devstack/fixtures.js'
import { browserForFile } from '../support/browser-for-file.js'
import { serveBundledPage } from '../support/bundledPage.js'
import type { StaticServer } from '../support/static-server.js'
import { eventually, expectText, expectTextContaining } from '../support/waiting.js'
import { walletPanel } from './helpers/devWalletDriver.js'
import { pagePerTest } from './helpers/sendTestPageSession.js'
import type { WagmiTestConfig } from './wagmiPage/app.js'

const getBrowser = browserForFile()
let stack: StartedChains
let server: StaticServer
let page: Page

const me = fixtureAccounts[0]!.address
const recipient = fixtureAccounts[1]!.address

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337, 31338] })
  const config: WagmiTestConfig = {
    chains: stack.chains.map((chain) => ({
      chainId: chain.chainId,
      name: `Local ${chain.chainId}`,
      rpcUrl: chain.rpcUrl,
    })),
    accounts: stack.accounts.map((account) => account.address),
    token: fixtureContracts.LTK,
    recipient,
  }
  server = await serveBundledPage({
    entry: fileURLToPath(new URL('./wagmiPage/app.tsx', import.meta.url)),
    title: 'wagmi test',
    configGlobal: 'wagmiTestConfig',
    config,
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), stack?.stop()])
})

pagePerTest(
  getBrowser,
  () => server.url,
  (opened) => {
    page = opened.page
  },
)

const card = () => ({
  root: page.getByTestId('wagmi-card'),
  address: page.getByTestId('wagmi-address'),
  chain: page.getByTestId('wagmi-chain'),
  balance: page.getByTestId('wagmi-balance'),
  outcome: page.getByTestId('wagmi-outcome'),
  send: page.getByRole('button', { name: 'Send LTK with useWriteContract' }),
  amount: page.getByLabel('LTK amount to send with wagmi'),
  switchTo: (chainId: number) => page.getByRole('button', { name: `wagmi: switch to ${chainId}` }),
})

async function connectThroughLatchkit(): Promise<void> {
  await page.locator('[data-latchkit="connect-button"]').click()
  await page.getByRole('dialog').locator('button[data-connector]').first().click()
  await walletPanel(page).approve.click()
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
}

function ltkBalance(chainIndex: number, owner: `0x${string}`): Promise<bigint> {
  const client = createPublicClient({ transport: http(stack.chains[chainIndex]!.rpcUrl) })
  return client.readContract({
    address: fixtureContracts.LTK,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

describe('wagmi card', () => {
  it('shows the wallet connected through Latchkit, and mines a useWriteContract transfer on anvil', async () => {
    await expectTextContaining(card().root, 'wagmi sees no wallet yet')
    await connectThroughLatchkit()
    await expectText(card().address, me)
    await expectText(card().chain, '31337')
    const before = await ltkBalance(0, recipient)
    await expectText(card().balance, /^[\d.]+ LTK$/)

    await card().amount.fill('2.5')
    await card().send.click()
    await expectText(walletPanel(page).promptTitle, /transaction/i)
    await walletPanel(page).approve.click()
    await expectText(card().outcome, /Mined in block \d+ \(success\)/)
    await eventually(() => ltkBalance(0, recipient)).toBe(before + parseEther('2.5'))
    // useReadContract reads again after the receipt: the sender's new balance from the chain.
    const mine = await ltkBalance(0, me)
    await expectText(card().balance, `${formatUnits(mine, 18)} LTK`)
  })

  it("a switch in wagmi moves Latchkit's network, and one in Latchkit moves wagmi", async () => {
    await connectThroughLatchkit()
    const networkButton = page.locator('[data-latchkit="network-button"]')
    await expectText(networkButton, 'Local 31337')

    await card().switchTo(31338).click()
    await expectText(walletPanel(page).promptTitle, 'Switch network')
    await walletPanel(page).approve.click()
    await expectText(networkButton, 'Local 31338')
    await expectText(card().chain, '31338')

    await networkButton.click()
    await page.getByRole('dialog').locator('button[data-network="eip155:31337"]').click()
    await expectText(walletPanel(page).promptTitle, 'Switch network')
    await walletPanel(page).approve.click()
    await expectText(card().chain, '31337')
    await expectText(networkButton, 'Local 31337')
  })

  it("the dev wallet's refusals reach viem and wagmi by name: declined in the panel, not authorized, not supported, bad params, unknown chain", async () => {
    await connectThroughLatchkit()
    // settled: each call's answer is the request's own outcome, awaited in the page.
    const errors = <Name extends string>(name: Name, ...args: unknown[]) =>
      page.evaluate(([call, rest]) => window.walletErrors[call]!(...(rest as never[])), [name, args] as const)

    const signing = errors('wagmiSignMessage')
    await expectText(walletPanel(page).promptTitle, /signature/i)
    await walletPanel(page).reject.click()
    expect(await signing).toBe('UserRejectedRequestError 4001')
    const switching = errors('wagmiSwitchChain', 31338)
    await expectText(walletPanel(page).promptTitle, 'Switch network')
    await walletPanel(page).reject.click()
    expect(await switching).toBe('UserRejectedRequestError 4001')
    const viemSigning = errors('viemSignMessage', me)
    await expectText(walletPanel(page).promptTitle, /signature/i)
    await walletPanel(page).reject.click()
    expect(await viemSigning).toBe('UserRejectedRequestError 4001')

    // Refused without a prompt.
    expect(await errors('viemSignMessage', recipient)).toBe('UnauthorizedProviderError 4100')
    expect(await errors('viemRequest', 'eth_sign', [me, '0x68'])).toBe('UnsupportedProviderMethodError 4200')
    expect(await errors('viemRequest', 'personal_sign', [7, me])).toBe('InvalidParamsRpcError -32602')
    expect(await errors('viemRequest', 'wallet_switchEthereumChain', [{ chainId: '0x7a6b' }])).toBe(
      'SwitchChainError 4902',
    )
    await expectText(card().chain, '31337')
  })

  it('a transfer declined in the wallet says so in the card and moves nothing', async () => {
    await connectThroughLatchkit()
    await expectText(card().chain, '31337')
    const before = await ltkBalance(0, recipient)
    await card().send.click()
    await walletPanel(page).reject.click()
    await expectText(card().outcome, /Not sent: User rejected/i)
    // settled: the wallet refused, so nothing was sent that could still land.
    expect(await ltkBalance(0, recipient)).toBe(before)
  })
})
