/**
 * Swaps in Chromium against the real parts: the Uniswap V2 that the devstack deploys on
 * anvil, the local API's convert endpoints answering from its router, and the dev wallet,
 * clicking what a person clicks. ETH to the 6-decimal LUSD, then LUSD to the 18-decimal LTK
 * (approve, then swap), each checked against the router's own quote and the balances read
 * back from the chain; a declined approval; swaps refused before the wallet is asked (no
 * pool, too little liquidity, a price that moved past the slippage); and a network without
 * swaps. Own chains and API server: this file sends transactions.
 */
import type { Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts, fixtureUniswap } from '../../devstack/fixtures.js'
import { localChain } from '../../devstack/local-chain.js'
import { shownAmount } from '../../plugins/swaps/swapAmount.js'
import { serveSendTestPage } from '../plugins/send/sendBrowserPage/serve.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import { eventually, expectCount, expectHidden, expectText, expectValue } from '../support/waiting.js'
import { walletPanel } from './helpers/devWalletDriver.js'
import { connectAndShowAccount, pagePerTest } from './helpers/sendTestPageSession.js'

const getBrowser = browserForFile()
let stack: StartedChains
let api: ApiServer
let server: StaticServer
let page: Page

const me = fixtureAccounts[0]!.address
/** Moves the pools in the slippage test; no test connects with it. */
const whale = fixtureAccounts[3]!

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
])

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337, 31338] })
  const chains = stack.chains.map((chain) => ({
    chainId: chain.chainId,
    name: `Local ${chain.chainId}`,
    rpcUrl: chain.rpcUrl,
  }))
  api = await startApiServer({ chains: stack.chains })
  server = await serveSendTestPage({
    appChains: chains,
    walletChains: chains,
    accounts: stack.accounts.map((account) => account.address),
    apiUrl: api.url,
    swapChains: [31337],
    // The slippage test moves the pools between the review and Swap; a refresh in that
    // moment would quote the new price and let the swap through, so none comes during a test.
    swapQuoteRefreshMs: 10 * 60_000,
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), api?.stop(), stack?.stop()])
})

pagePerTest(
  getBrowser,
  () => server.url,
  (opened) => {
    page = opened.page
  },
)

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const token = (key: 'LUSD' | 'LTK' | 'ZDT') => stack.chains[0]!.contracts[key]
const balanceOf = (key: 'LUSD' | 'LTK', owner: Address) =>
  chain().readContract({ address: token(key), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
/** What the router gives for `amountIn` along `path` (WETH standing for ETH). */
async function routerQuote(amountIn: bigint, path: Address[]): Promise<bigint> {
  const amounts = await chain().readContract({
    address: fixtureUniswap.router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  return amounts.at(-1) as bigint
}

function ui() {
  const dialog = page.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    amount: dialog.locator('[data-latchkit="swap-amount"]'),
    toAmount: dialog.locator('[data-latchkit="swap-to-amount"]'),
    sourceToken: dialog.locator('[data-latchkit="swap-source-token"]'),
    targetToken: dialog.locator('[data-latchkit="swap-target-token"]'),
    search: dialog.locator('[data-latchkit="swap-token-search"]'),
    option: (symbol: string) =>
      dialog.locator(`[data-latchkit="swap-token-option"][data-symbol="${symbol}"]`),
    review: dialog.locator('[data-latchkit="swap-review"]'),
    approve: dialog.locator('[data-latchkit="swap-approve"]'),
    confirm: dialog.locator('[data-latchkit="swap-confirm"]'),
    previewTo: dialog.locator('[data-latchkit="swap-preview-to"]'),
    alert: dialog.locator('[data-latchkit="swap-error"]'),
    snackbar: page.locator('[data-latchkit="snackbar-message"]'),
    wallet: walletPanel(page),
  }
}

/** Connect Wallet, Latch Dev Wallet, Approve; then the account view's Swap button. */
async function connectAndOpenSwap() {
  await connectAndShowAccount(page)
  const view = ui()
  await view.dialog.locator('[data-feature="swaps"]').click()
  await expectText(view.title, 'Swap')
  // The swap API's tokens are in: the form starts from the native currency.
  await expectText(view.sourceToken, 'ETH')
  return view
}

async function pick(side: 'source' | 'target', symbol: string) {
  const view = ui()
  await (side === 'source' ? view.sourceToken : view.targetToken).click()
  await view.search.fill(symbol)
  await view.option(symbol).click()
  await expectText(side === 'source' ? view.sourceToken : view.targetToken, symbol)
}

describe('swapping through the dev wallet', () => {
  it('swaps ETH to LUSD, then LUSD to LTK (approve, then swap); the chain shows what the quotes said', async () => {
    const view = await connectAndOpenSwap()
    await view.amount.fill('0.1')
    await pick('target', 'LUSD')
    const ethQuote = await routerQuote(parseEther('0.1'), [fixtureUniswap.weth, token('LUSD')])
    await expectText(view.toAmount, shownAmount(ethQuote, 6))
    const lusdBefore = await balanceOf('LUSD', me)
    await view.review.click()
    await expectText(view.title, 'Review Swap')
    await expectText(view.previewTo, `${shownAmount(ethQuote, 6)} LUSD`)
    await view.confirm.click()
    await expectText(view.wallet.promptTitle, /transaction/i)
    await view.wallet.approve.click()
    await expectText(view.snackbar, 'Swapped 0.1 ETH for LUSD')
    await expectText(view.title, 'Account')
    const lusdGot = (await balanceOf('LUSD', me)) - lusdBefore
    // Nobody else trades on this chain: the swap got the quote, within the 1 % slippage at worst.
    expect(lusdGot).toBeGreaterThanOrEqual((ethQuote * 99n) / 100n)
    expect(lusdGot).toBeLessThanOrEqual(ethQuote)

    // No Activity tab: this test's local API keeps no history index, and the widget offers
    // Activity only where the server serves history (test/server/cli/absentFeatures.browser.test.ts).
    await expectCount(view.dialog.getByRole('tab', { name: 'Activity' }), 0)

    // LUSD to LTK: the router may not spend LUSD yet, so the review asks for an approval first.
    await view.dialog.locator('[data-feature="swaps"]').click()
    await pick('source', 'LUSD')
    await pick('target', 'LTK')
    await view.amount.fill('100')
    const ltkQuote = await routerQuote(parseUnits('100', 6), [token('LUSD'), token('LTK')])
    await expectText(view.toAmount, shownAmount(ltkQuote, 18))
    const [lusdBeforeSecond, ltkBefore] = await Promise.all([balanceOf('LUSD', me), balanceOf('LTK', me)])
    await view.review.click()
    await expectText(view.approve, 'Approve LUSD')
    await view.approve.click()
    await expectText(view.wallet.promptTitle, /transaction/i)
    await view.wallet.approve.click()
    await expectText(view.confirm, 'Swap')
    await view.confirm.click()
    await view.wallet.approve.click()
    await expectText(view.snackbar, 'Swapped 100 LUSD for LTK')
    await expectText(view.title, 'Account')
    expect(await balanceOf('LUSD', me)).toBe(lusdBeforeSecond - 100_000_000n)
    const ltkGot = (await balanceOf('LTK', me)) - ltkBefore
    expect(ltkGot).toBeGreaterThanOrEqual((ltkQuote * 99n) / 100n)
    expect(ltkGot).toBeLessThanOrEqual(ltkQuote)
    // The Tokens tab shows the LTK that came in.
    await view.dialog.getByRole('tab', { name: 'Tokens' }).click()
    await expectText(view.dialog.locator('[data-token="LTK"] [data-latchkit="token-amount"]'), /LTK$/)
  })

  it('a declined approval leaves the form as typed and nothing on chain', async () => {
    const view = await connectAndOpenSwap()
    await pick('source', 'LUSD')
    await pick('target', 'LTK')
    await view.amount.fill('50')
    await expectText(view.review, 'Review swap')
    const nonceBefore = await chain().getTransactionCount({ address: me })
    await view.review.click()
    await view.approve.click()
    await view.wallet.reject.click()
    await expectText(view.alert, 'Transaction declined')
    await expectText(view.approve, 'Approve LUSD')
    await view.dialog.getByRole('button', { name: 'Cancel' }).click()
    await expectValue(view.amount, '50')
    await expectText(view.sourceToken, 'LUSD')
    await expectText(view.targetToken, 'LTK')
    expect(await chain().getTransactionCount({ address: me })).toBe(nonceBefore)
  })
})

describe('refused before the wallet is asked', () => {
  it('a token without a pool, and an amount the pool is too shallow for, are insufficient liquidity', async () => {
    const view = await connectAndOpenSwap()
    await pick('target', 'ZDT')
    await view.amount.fill('0.1')
    await expectText(view.review, 'Insufficient liquidity for this trade')
    await eventually(() => view.review.isDisabled()).toBe(true)
    // 60 ETH into a 100 ETH pool moves the price far past 15 %.
    await pick('target', 'LUSD')
    await view.amount.fill('60')
    await expectText(view.review, 'Insufficient liquidity for this trade')
    await view.amount.fill('0.5')
    await expectText(view.review, 'Review swap')
  })

  it('a price that moved past the slippage since the quote: the swap is refused and the wallet never asked', async () => {
    const view = await connectAndOpenSwap()
    await view.amount.fill('1')
    await pick('target', 'LUSD')
    await expectText(view.review, 'Review swap')
    await view.review.click()
    await expectText(view.title, 'Review Swap')
    const nonceBefore = await chain().getTransactionCount({ address: me })

    // Someone else swaps 20 ETH for LUSD first: 1 ETH now buys far less than quoted.
    const rpcUrl = stack.chains[0]!.rpcUrl
    const whaleWallet = createWalletClient({
      account: privateKeyToAccount(whale.privateKey),
      chain: localChain(31337, rpcUrl),
      transport: http(rpcUrl),
    })
    const moved = await whaleWallet.writeContract({
      address: fixtureUniswap.router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [
        0n,
        [fixtureUniswap.weth, token('LUSD')],
        whale.address,
        BigInt(Math.floor(Date.now() / 1000) + 600),
      ],
      value: parseEther('20'),
    })
    await chain().waitForTransactionReceipt({ hash: moved })

    await view.confirm.click()
    await expectText(view.alert, 'The price moved more than the allowed slippage')
    await expectHidden(view.wallet.prompt)
    expect(await chain().getTransactionCount({ address: me })).toBe(nonceBefore)
  })
})

describe('networks without swaps', () => {
  it('on a network swaps are not offered on, the button is disabled and says where they are', async () => {
    await connectAndShowAccount(page)
    const view = ui()
    const swapButton = view.dialog.locator('[data-feature="swaps"]')
    await eventually(() => swapButton.isEnabled()).toBe(true)

    await view.dialog.getByRole('button', { name: 'Local 31337' }).click()
    await view.dialog.locator('button[data-network="eip155:31338"]').click()
    await view.wallet.approve.click()
    await expectText(swapButton, 'SwapSwaps work on Local 31337')
    await eventually(() => swapButton.isDisabled()).toBe(true)
  })
})
