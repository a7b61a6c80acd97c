/**
 * Bundles of calls (EIP-5792) in Chromium against the real parts: the dev wallet on anvil,
 * the local API's convert endpoints and the Uniswap V2 the devstack deploys. A wallet that
 * takes bundles approves LUSD and swaps it for LTK after one confirmation, both mined in
 * order; `sendCalls` on a wallet without EIP-5792 sends the calls one transaction at a
 * time, one confirmation each, reporting each step. Own chains and API server: this file
 * sends transactions. (The two-step swap with a wallet without bundles: swaps.test.ts.)
 */
import type { Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts, fixtureUniswap } from '../../devstack/fixtures.js'
import { shownAmount } from '../../plugins/swaps/swapAmount.js'
import { serveSendTestPage } from '../plugins/send/sendBrowserPage/serve.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import {
  eventually,
  expectCount,
  expectHidden,
  expectText,
  expectTextContaining,
} from '../support/waiting.js'
import { walletPanel } from './helpers/devWalletDriver.js'
import { connectAndShowAccount, pagePerTest } from './helpers/sendTestPageSession.js'

const getBrowser = browserForFile()
let stack: StartedChains
let api: ApiServer
/** The dev wallet with EIP-5792, and the same page with a wallet without it. */
let bundling: StaticServer
let plain: StaticServer
let page: Page
let url: () => string

const me = fixtureAccounts[0]!.address

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337] })
  const chains = stack.chains.map((chain) => ({
    chainId: chain.chainId,
    name: `Local ${chain.chainId}`,
    rpcUrl: chain.rpcUrl,
  }))
  api = await startApiServer({ chains: stack.chains })
  const config = {
    appChains: chains,
    walletChains: chains,
    accounts: stack.accounts.map((account) => account.address),
    apiUrl: api.url,
    swapChains: [31337],
    swapQuoteRefreshMs: 10 * 60_000,
  }
  ;[bundling, plain] = await Promise.all([
    serveSendTestPage({ ...config, walletSendCalls: true }),
    serveSendTestPage({ ...config, walletSendCalls: false }),
  ])
}, 60_000)
afterAll(async () => {
  await Promise.all([bundling?.close(), plain?.close(), api?.stop(), stack?.stop()])
})

pagePerTest(
  getBrowser,
  () => url(),
  (opened) => {
    page = opened.page
  },
)

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const token = (key: 'LUSD' | 'LTK') => stack.chains[0]!.contracts[key]
const balanceOf = (key: 'LUSD' | 'LTK', owner: Address) =>
  chain().readContract({ address: token(key), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const allowanceOf = (owner: Address) =>
  chain().readContract({
    address: token('LUSD'),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, fixtureUniswap.router],
  })
const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
])

describe('a wallet that takes bundles of calls', () => {
  beforeAll(() => {
    url = () => bundling.url
  })

  it('approves LUSD and swaps it for LTK after one confirmation; the chain shows both, in order', async () => {
    await connectAndShowAccount(page)
    const dialog = page.getByRole('dialog')
    const wallet = walletPanel(page)
    await dialog.locator('[data-feature="swaps"]').click()
    await expectText(dialog.locator('.lk-title'), 'Swap')
    for (const [side, symbol] of [
      ['source', 'LUSD'],
      ['target', 'LTK'],
    ] as const) {
      await dialog.locator(`[data-latchkit="swap-${side}-token"]`).click()
      await dialog.locator('[data-latchkit="swap-token-search"]').fill(symbol)
      await dialog.locator(`[data-latchkit="swap-token-option"][data-symbol="${symbol}"]`).click()
      await expectText(dialog.locator(`[data-latchkit="swap-${side}-token"]`), symbol)
    }
    await dialog.locator('[data-latchkit="swap-amount"]').fill('100')
    const [quote] = (
      await chain().readContract({
        address: fixtureUniswap.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [parseUnits('100', 6), [token('LUSD'), token('LTK')]],
      })
    ).slice(-1)
    await expectText(dialog.locator('[data-latchkit="swap-to-amount"]'), shownAmount(quote as bigint, 18))
    expect(await allowanceOf(me)).toBe(0n)
    const [lusdBefore, ltkBefore, nonceBefore] = await Promise.all([
      balanceOf('LUSD', me),
      balanceOf('LTK', me),
      chain().getTransactionCount({ address: me }),
    ])

    await dialog.locator('[data-latchkit="swap-review"]').click()
    // One button for both: no separate approval step.
    const confirm = dialog.locator('[data-latchkit="swap-confirm"]')
    await expectText(confirm, 'Approve LUSD and swap')
    await expectCount(dialog.locator('[data-latchkit="swap-approve"]'), 0)
    await confirm.click()
    await expectText(wallet.promptTitle, 'Batched transactions request')
    await expectTextContaining(
      wallet.prompt,
      `ERC-20 approval: ${fixtureUniswap.router} may spend 100 LUSD`,
      '2, sent one after another (not atomic)',
      'Call 2 To',
    )
    await wallet.approve.click()
    await expectText(page.locator('[data-latchkit="snackbar-message"]'), 'Swapped 100 LUSD for LTK')
    await expectText(dialog.locator('.lk-title'), 'Account')
    await expectHidden(wallet.prompt)

    // Both mined, the approval first: two transactions, the allowance spent to the last unit.
    expect(await chain().getTransactionCount({ address: me })).toBe(nonceBefore + 2)
    expect(await allowanceOf(me)).toBe(0n)
    expect(await balanceOf('LUSD', me)).toBe(lusdBefore - 100_000_000n)
    const ltkGot = (await balanceOf('LTK', me)) - ltkBefore
    expect(ltkGot).toBeGreaterThanOrEqual(((quote as bigint) * 99n) / 100n)
    expect(ltkGot).toBeLessThanOrEqual(quote as bigint)
  })
})

describe('a wallet without EIP-5792', () => {
  beforeAll(() => {
    url = () => plain.url
  })

  it('sendCalls sends the calls one transaction at a time, one confirmation each, reporting each step', async () => {
    await connectAndShowAccount(page)
    const wallet = walletPanel(page)
    const recipient = fixtureAccounts[2]!.address
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1_000_000n],
    })
    const [lusdBefore, nonceBefore] = await Promise.all([
      balanceOf('LUSD', recipient),
      chain().getTransactionCount({ address: me }),
    ])
    // settled: the wallet's answer to wallet_getCapabilities, not a look at the page.
    expect(
      await page.evaluate(() => window.sendTestApp.getCapabilities(window.sendTestApp.kernel)),
    ).toBeUndefined()

    const sending = page.evaluate(
      async ({ to, data }) => {
        const steps: string[] = []
        const status = await window.sendTestApp.sendCalls(window.sendTestApp.kernel, {
          calls: [
            { to, data },
            { to, data },
          ],
          onProgress: ({ index, total, stage }) => steps.push(`${index + 1}/${total} ${stage}`),
        })
        return { steps, status: status.status, via: status.via, receipts: status.receipts.length }
      },
      { to: token('LUSD'), data: transfer },
    )
    // Two prompts, one after the other: the second comes once the first is mined.
    for (let step = 0; step < 2; step++) {
      await expectText(wallet.promptTitle, 'Transaction request')
      await expectTextContaining(wallet.prompt, `ERC-20 transfer of 1 LUSD to ${recipient}`)
      await wallet.approve.click()
      if (step === 0)
        await eventually(() => chain().getTransactionCount({ address: me })).toBe(nonceBefore + 1)
    }
    expect(await sending).toEqual({
      steps: ['1/2 sent', '1/2 success', '2/2 sent', '2/2 success'],
      status: 'success',
      via: 'eth_sendTransaction',
      receipts: 2,
    })
    expect(await balanceOf('LUSD', recipient)).toBe(lusdBefore + 2_000_000n)

    // atomicRequired cannot be honoured: refused before the wallet is asked.
    const refused = await page.evaluate(
      ({ to, data }) =>
        window.sendTestApp
          .sendCalls(window.sendTestApp.kernel, { calls: [{ to, data }], atomicRequired: true })
          .then(
            () => 'sent',
            (error: { name: string; rpcCode: number }) => `${error.name} ${error.rpcCode}`,
          ),
      { to: token('LUSD'), data: transfer },
    )
    // settled: the action's own answer, refused before the wallet was asked.
    expect(refused).toBe('AtomicityNotSupportedError 5760')
    await expectHidden(wallet.prompt)
  })
})
