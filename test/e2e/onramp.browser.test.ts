/**
 * The on-ramp in Chromium against the real parts: the local API's on-ramp endpoints, the
 * local ramp providers' checkout pages on their own origins, delivery on anvil, and the
 * history's on-ramp filter the widget polls. Buys 100 USD of the 6-decimal LUSD and sees
 * it arrive on chain; a declined card ends in 'Buy failed' with nothing delivered; the
 * options and quote failures fall back; amounts outside the limits are refused with the
 * limits named. Own chains and API server: this file sends transactions.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { serveSendTestPage } from '../plugins/send/sendBrowserPage/serve.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import { expectCount, expectText, expectValue, expectVisible } from '../support/waiting.js'
import { walletPanel } from './helpers/devWalletDriver.js'
import { connectAndShowAccount, pagePerTest } from './helpers/sendTestPageSession.js'

const getBrowser = browserForFile()
let stack: StartedChains
let api: ApiServer
let server: StaticServer
let context: BrowserContext
let page: Page

const me = fixtureAccounts[0]!.address

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337] })
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
    onramp: true,
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), api?.stop(), stack?.stop()])
})

pagePerTest(
  getBrowser,
  () => server.url,
  (opened) => {
    ;({ context, page } = opened)
  },
)
afterEach(() => {
  api.faults.clear()
})

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const lusdOf = (owner: Address) =>
  chain().readContract({
    address: stack.chains[0]!.contracts.LUSD,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

function ui() {
  const dialog = page.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    amount: dialog.locator('[data-latchkit="onramp-amount"]'),
    asset: dialog.locator('[data-latchkit="onramp-asset"]'),
    method: dialog.locator('[data-latchkit="onramp-method"]'),
    limits: dialog.locator('[data-latchkit="onramp-limits"]'),
    amountError: dialog.locator('[data-latchkit="onramp-amount-error"]'),
    quote: (provider: string) =>
      dialog.locator(`[data-latchkit="onramp-quote"][data-provider="${provider}"]`),
    quotes: dialog.locator('[data-latchkit="onramp-quote"]'),
    estimate: dialog.locator('[data-latchkit="onramp-estimate"]'),
    fallback: dialog.locator('[data-latchkit="onramp-fallback"]'),
    progress: dialog.locator('[data-latchkit="onramp-progress"]'),
    success: dialog.locator('[data-latchkit="onramp-success"]'),
    received: dialog.locator('[data-latchkit="onramp-received"]'),
    failed: dialog.locator('[data-latchkit="onramp-failed"]'),
    wallet: walletPanel(page),
  }
}

async function connectAndOpenBuy() {
  await connectAndShowAccount(page)
  const view = ui()
  await view.dialog.locator('[data-feature="onramp"]').click()
  await expectText(view.title, 'Buy')
  return view
}

/** Clicks a provider's quote and returns its checkout window. */
async function openCheckout(provider: string): Promise<Page> {
  const view = ui()
  const [checkout] = await Promise.all([context.waitForEvent('page'), view.quote(provider).click()])
  await checkout.waitForLoadState()
  return checkout
}

describe('buying through the local ramp', () => {
  it('buys 100 USD of LUSD with the test card: the purchase completes, the balance rises on chain, and Buy quotes again', async () => {
    const view = await connectAndOpenBuy()
    await view.asset.selectOption('LUSD')
    await view.amount.fill('100')
    await expectText(
      view.quote('latchramp').locator('[data-latchkit="onramp-quote-amount"]'),
      /^You get [\d.]+ LUSD$/,
    )
    // settled: the wait above saw the quote, which stays while the form does.
    const quoted =
      (await view.quote('latchramp').locator('[data-latchkit="onramp-quote-amount"]').textContent()) ?? ''
    const amount = /You get ([\d.]+) LUSD/.exec(quoted)?.[1] as string
    const before = await lusdOf(me)

    const checkout = await openCheckout('latchramp')
    await expectVisible(checkout.getByText('TEST MONEY ONLY', { exact: false }).first())
    await checkout.getByTestId('ramp-method-card').check()
    await checkout.getByTestId('ramp-card-number').fill('4242 4242 4242 4242')
    await checkout.getByTestId('ramp-pay').click()
    await expectText(checkout.getByTestId('ramp-result'), /approved/i)

    await expectVisible(view.success)
    await expectText(view.received, /^You received [\d.]+ LUSD$/)
    expect(await lusdOf(me)).toBe(before + parseUnits(amount, 6))

    // A second purchase: Done, then Buy with the same amount still in the field gets
    // quotes again (it stayed on "Getting quotes…").
    await view.dialog.getByRole('button', { name: 'Done', exact: true }).click()
    await expectText(view.title, 'Account')
    await view.dialog.locator('[data-feature="onramp"]').click()
    await expectText(view.title, 'Buy')
    await expectValue(view.amount, '100')
    await expectText(
      view.quote('latchramp').locator('[data-latchkit="onramp-quote-amount"]'),
      /^You get [\d.]+ LUSD$/,
    )
  })

  it('gets quotes again when they were cleared with the form unchanged (the account switched and back)', async () => {
    const view = await connectAndOpenBuy()
    await view.asset.selectOption('LUSD')
    await view.amount.fill('20')
    await expectVisible(view.quote('latchramp'))
    // A change of account clears the quotes (they were for the other account); the form stays.
    await view.wallet.account.selectOption(fixtureAccounts[1]!.address)
    await view.wallet.account.selectOption(me)
    await expectValue(view.amount, '20')
    await expectText(
      view.quote('latchramp').locator('[data-latchkit="onramp-quote-amount"]'),
      /^You get [\d.]+ LUSD$/,
    )
  })

  it('a declined card: Buy failed, and nothing is delivered', async () => {
    const view = await connectAndOpenBuy()
    await view.asset.selectOption('LUSD')
    await view.amount.fill('50')
    await expectVisible(view.quote('latchramp'))
    const before = await lusdOf(me)
    const checkout = await openCheckout('latchramp')
    await checkout.getByTestId('ramp-method-card').check()
    await checkout.getByTestId('ramp-card-number').fill('4000 0000 0000 0002')
    await checkout.getByTestId('ramp-pay').click()
    await expectText(checkout.getByTestId('ramp-result'), /declined/i)
    await expectText(view.failed.getByRole('alert'), 'Buy failed')
    expect(await lusdOf(me)).toBe(before)
  })
})

describe('limits and fallbacks', () => {
  it('amounts outside the limits are refused with the limits named, card and bank alike', async () => {
    const view = await connectAndOpenBuy()
    await expectText(view.limits, '10.00 to 7500.00 USD')
    await view.amount.fill('5')
    await expectText(view.amountError, 'Amount must be between 10.00 and 7500.00 USD')
    await expectCount(view.quotes, 0)
    await view.amount.fill('9000')
    await expectText(view.amountError, 'Amount must be between 10.00 and 7500.00 USD')
    await view.method.selectOption('ach_bank_account')
    await expectText(view.limits, '10.00 to 25000.00 USD')
    await expectVisible(view.quote('latchramp'))
  })

  it('options that fail fall back to USD and EUR by card or bank; a quote that fails is an estimate', async () => {
    api.faults.set({ status: 503, count: 50, path: '/v1/onramp/options' })
    const view = await connectAndOpenBuy()
    await expectVisible(view.fallback)
    await expectText(view.limits, '10.00 to 7500.00 USD')
    api.faults.clear()
    api.faults.set({ status: 503, count: 50, path: '/v1/onramp/quote' })
    await view.amount.fill('100')
    await expectVisible(view.estimate.first())
  })
})
