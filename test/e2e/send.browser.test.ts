/**
 * Send and Receive in Chromium against real anvil chains, through the dev wallet, clicking
 * what a person clicks: ETH and the 6-decimal LUSD between anvil accounts (balances read
 * back from the chain and from the account view), the wallet's Reject, the validation
 * messages, the Receive view, and the account view's Tokens and NFTs tabs before and after
 * tokens and an NFT move on chain. Own chains and API server: this file sends transactions.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturePrices } from '../../devstack/api/prices.js'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts, fixtureNft, fixtureNftIdsOf } from '../../devstack/fixtures.js'
import { localChain as viemLocalChain } from '../../devstack/local-chain.js'
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
/** The page whose wallet's first account is maxSender. */
let maxServer: StaticServer
let context: BrowserContext
let page: Page

const [me, bob, carol] = fixtureAccounts.map((account) => account.address) as [Address, Address, Address]
/** Max empties its ETH: no other test here sends from it. */
const maxSender = fixtureAccounts[3]!.address as Address
// Screenshots for a person to look at; test-results/ is not in git.
const results = fileURLToPath(new URL('../../test-results/', import.meta.url))
const threeDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

beforeAll(async () => {
  mkdirSync(results, { recursive: true })
  stack = await startChains({ chainIds: [31337, 31338] })
  const [app, other] = stack.chains.map((chain) => ({
    chainId: chain.chainId,
    name: `Local ${chain.chainId}`,
    rpcUrl: chain.rpcUrl,
  }))
  api = await startApiServer({ chains: stack.chains })
  const page = (accounts: Address[]) =>
    serveSendTestPage({ appChains: [app!], walletChains: [app!, other!], accounts, apiUrl: api.url })
  ;[server, maxServer] = await Promise.all([
    page(stack.accounts.map((account) => account.address)),
    page([maxSender, me, bob, carol]),
  ])
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), maxServer?.close(), api?.stop(), stack?.stop()])
})

pagePerTest(
  getBrowser,
  () => server.url,
  (opened) => {
    ;({ context, page } = opened)
  },
)

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const lusd = () => stack.chains[0]!.contracts.LUSD
const lusdOf = (owner: Address) =>
  chain().readContract({ address: lusd(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

function ui() {
  const dialog = page.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    token: dialog.locator('[data-latchkit="send-token"]'),
    amount: dialog.locator('[data-latchkit="send-amount"]'),
    receiver: dialog.locator('[data-latchkit="send-receiver"]'),
    max: dialog.getByRole('button', { name: 'Max' }),
    preview: dialog.getByRole('button', { name: 'Preview Send' }),
    confirm: dialog.locator('[data-latchkit="send-confirm"]'),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
    alert: dialog.getByRole('alert'),
    fee: dialog.locator('[data-latchkit="send-fee"]'),
    balance: dialog.locator('[data-latchkit="balance"]'),
    snackbar: page.locator('[data-latchkit="snackbar-message"]'),
    snackbarCopy: page.locator('[data-latchkit="snackbar-copy"]'),
    wallet: walletPanel(page),
  }
}

/** Connected, then the account view's Send or Receive button. */
async function connectAndOpen(feature: 'send' | 'receive') {
  await connectAndShowAccount(page)
  const view = ui()
  await view.dialog.locator(`[data-feature="${feature}"]`).click()
  await expectText(view.title, feature === 'send' ? 'Send' : 'Receive')
}

/** The token picker's value for a token of chain 31337 (native: no contract). */
const tokenValue = (contract?: string) => `eip155:31337/${contract ?? 'native'}`

describe('send through the dev wallet', () => {
  it('sends ETH: the receiver gets exactly the amount, the account view shows the new balance', async () => {
    const bobBefore = await chain().getBalance({ address: bob })
    await connectAndOpen('send')
    const view = ui()
    await view.token.selectOption(tokenValue())
    await view.amount.fill('1.25')
    await view.receiver.fill(bob)
    await expectText(view.fee, /^[\d.]+ ETH$/)
    await page.screenshot({ path: `${results}e2e-send-form.png` })
    await view.preview.click()
    await expectText(view.title, 'Review Send')
    await page.screenshot({ path: `${results}e2e-send-preview.png` })
    await expectText(view.dialog.locator('[data-latchkit="send-preview-amount"]'), '1.25 ETH')
    await view.confirm.click()

    await expectText(view.wallet.promptTitle, /transaction/i)
    await view.wallet.approve.click()
    await expectText(view.snackbar, /^Sent 0x[0-9a-f]{6}\.\.\.[0-9a-f]{6}$/)
    await expectText(view.snackbarCopy, 'Copy hash')
    await expectText(view.title, 'Account')

    expect(await chain().getBalance({ address: bob })).toBe(bobBefore + parseEther('1.25'))
    const mine = await chain().getBalance({ address: me })
    await expectText(view.balance, `${threeDecimals.format(Number(formatEther(mine)))} ETH`)
  })

  it('sends the 6-decimal LUSD as an ERC20 transfer; the Tokens tab shows what is left', async () => {
    const [mineBefore, carolBefore] = await Promise.all([lusdOf(me), lusdOf(carol)])
    await connectAndOpen('send')
    const view = ui()
    await view.token.selectOption(tokenValue(lusd()))
    await view.amount.fill('12.345678')
    await view.receiver.fill(carol)
    await view.preview.click()
    await view.confirm.click()
    await view.wallet.approve.click()
    await expectText(view.title, 'Account')

    expect(await lusdOf(carol)).toBe(carolBefore + 12_345_678n)
    const mine = await lusdOf(me)
    expect(mine).toBe(mineBefore - 12_345_678n)
    const row = view.dialog.locator('[data-token="LUSD"] [data-latchkit="token-amount"]')
    await expectText(row, `${threeDecimals.format(Number(formatUnits(mine, 6)))} LUSD`)

    // The hash, shortened in the notice and the list, copies in full from the recent sends.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const sent = (await chain().getBlock({ blockTag: 'latest' })).transactions[0]
    await view.dialog.locator('[data-feature="send"]').click()
    const copyHash = view.dialog.locator('[data-latchkit="send-recent-copy"]')
    await expectText(copyHash, 'Copy hash')
    await copyHash.click()
    await expectText(copyHash, 'Hash copied')
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(sent)
  })

  it('Max on ETH: the field and the review show the amount the receiver gets, to the last wei', async () => {
    await page.goto(maxServer.url)
    const receiverBefore = await chain().getBalance({ address: carol })
    await connectAndOpen('send')
    const view = ui()
    await view.token.selectOption(tokenValue())
    await view.receiver.fill(carol)
    await view.max.click()
    await eventually(() => view.amount.inputValue()).toMatch(/^\d+\.\d+$/)
    // settled: the wait above saw Max's figure, which stays until edited.
    const shown = await view.amount.inputValue()
    await view.preview.click()
    await expectText(view.dialog.locator('[data-latchkit="send-preview-amount"]'), `${shown} ETH`)
    await view.confirm.click()
    await expectText(view.wallet.promptTitle, /transaction/i)
    await view.wallet.approve.click()
    await expectText(view.title, 'Account')
    await eventually(() => chain().getBalance({ address: carol })).toBe(receiverBefore + parseEther(shown))
  })

  it('Max on LUSD fills the whole balance the API reports', async () => {
    await connectAndOpen('send')
    const view = ui()
    await view.token.selectOption(tokenValue(lusd()))
    await view.max.click()
    await expectValue(view.amount, formatUnits(await lusdOf(me), 6))
  })

  it("keeps what was typed when the wallet rejects and says 'Transaction declined'", async () => {
    const nonceBefore = await chain().getTransactionCount({ address: me })
    await connectAndOpen('send')
    const view = ui()
    await view.token.selectOption(tokenValue(lusd()))
    await view.amount.fill('3')
    await view.receiver.fill(bob)
    await view.preview.click()
    await view.confirm.click()
    await view.wallet.reject.click()

    await expectText(view.alert, 'Transaction declined')
    await view.cancel.click()
    await eventually(() =>
      Promise.all([view.token.inputValue(), view.amount.inputValue(), view.receiver.inputValue()]),
    ).toEqual([tokenValue(lusd()), '3', bob])
    expect(await chain().getTransactionCount({ address: me })).toBe(nonceBefore)
  })

  it('shows the fee on the review when Preview is clicked before the form estimated it, Confirm waiting for it', async () => {
    await connectAndOpen('send')
    const view = ui()
    await view.token.selectOption(tokenValue(lusd()))
    await view.amount.fill('1')
    await view.receiver.fill(bob)
    // At once: the form waits 400 ms after typing before it estimates.
    await view.preview.click()
    await expectText(view.title, 'Review Send')
    await expectText(view.fee, /^[\d.]+ ETH$/)
    await eventually(() => view.confirm.isEnabled()).toBe(true)
  })

  it('says what is wrong before the wallet is asked', async () => {
    await connectAndOpen('send')
    const view = ui()
    // Each message differs from the one before, so waiting for it cannot pass on a stale one.
    const previewSays = async (message: string) => {
      await view.preview.click()
      await expectText(view.alert, message)
    }
    await previewSays('An amount and receiver address are required')
    await view.amount.fill('1')
    await view.receiver.fill(bob)
    await previewSays('A token is required')
    await view.token.selectOption(tokenValue(lusd()))
    await view.amount.fill('1000000')
    await previewSays('Insufficient balance')
    // Both fields are filled: a typed zero gets its own message, not 'required'.
    await view.amount.fill('0')
    await previewSays('Enter an amount greater than 0')
    await view.amount.fill('1')
    // bob's address with one letter's case flipped: the EIP-55 checksum no longer holds.
    await view.receiver.fill(bob.replace('C51812dc', 'c51812dc'))
    await previewSays('Invalid address')
    await expectHidden(view.wallet.prompt)
    // All uppercase carries no checksum, as all lowercase: EIP-55 accepts both.
    await view.receiver.fill(`0x${bob.slice(2).toUpperCase()}`)
    await view.preview.click()
    await expectText(view.title, 'Review Send')
  })
})

describe('receivers the person is warned about before confirming', () => {
  it("warns before sending to the zero address, the token's own contract or oneself; Confirm waits for 'send anyway'", async () => {
    await connectAndOpen('send')
    const view = ui()
    const warning = view.dialog.locator('[data-latchkit="send-warning"]')
    const accept = view.dialog.locator('[data-latchkit="send-warning-accept"]')
    const cases: [string, RegExp][] = [
      [`0x${'0'.repeat(40)}`, /burn address/],
      [lusd(), /token's own contract/],
      [me.toLowerCase(), /your own address/],
    ]
    await view.token.selectOption(tokenValue(lusd()))
    await view.amount.fill('1')
    for (const [receiver, says] of cases) {
      await view.receiver.fill(receiver)
      await view.preview.click()
      await expectText(view.title, 'Review Send')
      await expectText(warning, says)
      await eventually(() => view.confirm.isDisabled()).toBe(true)
      await accept.check()
      await eventually(() => view.confirm.isEnabled()).toBe(true)
      await view.cancel.click()
      await expectText(view.title, 'Send')
    }
    // An ordinary receiver: no warning, nothing to tick.
    await view.receiver.fill(bob)
    await view.preview.click()
    await expectText(view.title, 'Review Send')
    await eventually(() => view.confirm.isEnabled()).toBe(true)
    await expectCount(warning, 0)
  })
})

describe('sends the native balance cannot pay for', () => {
  it('refuses the whole ETH balance before the wallet is asked: the amount and the fee must both fit', async () => {
    await connectAndOpen('send')
    const view = ui()
    const whole = formatEther(await chain().getBalance({ address: me }))
    await view.token.selectOption(tokenValue())
    await view.amount.fill(whole)
    await view.receiver.fill(bob)
    await expectText(view.fee, /^[\d.]+ ETH$/)
    await view.preview.click()
    await expectText(view.alert, 'Insufficient funds for the amount plus the network fee')
    await expectText(view.title, 'Send')
    await expectHidden(view.wallet.prompt)
  })
})

describe('receive', () => {
  it('shows the address as a QR code, copies it and lists the app networks', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await connectAndOpen('receive')
    const view = ui()
    await expectCount(view.dialog.getByRole('img', { name: `QR code of the address ${me}` }), 1)
    await view.dialog.getByRole('button', { name: 'Copy address' }).click()
    await expectCount(view.dialog.getByRole('button', { name: 'Address copied' }), 1)
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(me)
    await eventually(() =>
      view.dialog.locator('[data-latchkit="receive-networks"] li').allTextContents(),
    ).toEqual(['Local 31337'])
    await page.screenshot({ path: `${results}e2e-receive.png` })
  })
})

describe('account view: Tokens and NFTs tabs', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const ltkOf = (owner: Address) =>
    chain().readContract({
      address: stack.chains[0]!.contracts.LTK,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })

  /** What the Tokens tab must show for `me`, computed from the chain and the fixture price table. */
  async function expectedTokens() {
    const [eth, lusdUnits, ltkUnits] = await Promise.all([
      chain().getBalance({ address: me }),
      lusdOf(me),
      ltkOf(me),
    ])
    const rows = [
      { symbol: 'ETH', amount: Number(formatEther(eth)), price: fixturePrices.native },
      { symbol: 'LUSD', amount: Number(formatUnits(lusdUnits, 6)), price: fixturePrices.LUSD },
      { symbol: 'LTK', amount: Number(formatUnits(ltkUnits, 18)), price: fixturePrices.LTK },
    ].map((row) => ({ ...row, value: row.amount * row.price }))
    rows.sort((a, b) => b.value - a.value)
    return {
      rows: rows.map((row) => ({
        symbol: row.symbol,
        amount: `${threeDecimals.format(row.amount)} ${row.symbol}`,
        value: usd.format(row.value),
      })),
      total: usd.format(rows.reduce((sum, row) => sum + row.value, 0)),
    }
  }

  async function shownTokens() {
    const dialog = page.getByRole('dialog')
    const rows = dialog.locator('[data-tab="tokens"] li[data-token]')
    return {
      rows: await rows.evaluateAll((items) =>
        items.map((item) => ({
          symbol: item.getAttribute('data-token'),
          amount: item.querySelector('[data-latchkit="token-amount"]')?.textContent,
          value: item.querySelector('[data-latchkit="token-value"]')?.textContent,
        })),
      ),
      total: await dialog.locator('[data-latchkit="tokens-total"]').textContent(),
    }
  }

  const shownNfts = () =>
    page
      .getByRole('dialog')
      .locator('[data-tab="nfts"] li[data-nft]')
      .evaluateAll((items) => items.map((item) => item.textContent))
      // An ERC-721 enumeration reorders on transfer; the tab shows what the API lists.
      .then((names) => names.sort())

  it('shows the fixture balances with USD values and the NFTs, and both show the new figures after tokens and an NFT move on chain', async () => {
    await connectAndShowAccount(page)
    const view = ui()
    const tab = (name: string) => view.dialog.getByRole('tab', { name })

    // Tokens: ETH, LUSD and LTK by value; the 0-decimal ZDT is filtered out.
    await tab('Tokens').click()
    await eventually(shownTokens).toEqual(await expectedTokens())
    await expectCount(view.dialog.locator('li[data-token="ZDT"]'), 0)

    await tab('NFTs').click()
    const mine = fixtureNftIdsOf(0)
    await eventually(shownNfts).toEqual(mine.map((id) => `${fixtureNft.name} #${id}`))
    await page.screenshot({ path: `${results}e2e-account-nfts.png` })

    // Another device moves an NFT away; nothing tells the widget yet.
    const owner = createWalletClient({
      account: privateKeyToAccount(fixtureAccounts[0]!.privateKey),
      chain: viemLocalChain(31337, stack.chains[0]!.rpcUrl),
      transport: http(stack.chains[0]!.rpcUrl),
    })
    const moved = mine[0]!
    const hash = await owner.writeContract({
      address: stack.chains[0]!.contracts.LPNK,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 id)']),
      functionName: 'transferFrom',
      args: [me, bob, moved],
    })
    await chain().waitForTransactionReceipt({ hash })

    // The visitor sends 100 LTK through the widget: after it, both tabs read afresh.
    await view.dialog.locator('[data-feature="send"]').click()
    await view.token.selectOption(tokenValue(stack.chains[0]!.contracts.LTK))
    await view.amount.fill('100')
    await view.receiver.fill(bob)
    await view.preview.click()
    await view.confirm.click()
    await view.wallet.approve.click()
    await expectText(view.title, 'Account')

    await eventually(shownNfts).toEqual(mine.slice(1).map((id) => `${fixtureNft.name} #${id}`))
    await tab('Tokens').click()
    const after = await expectedTokens()
    expect(after.rows.find((row) => row.symbol === 'LTK')?.amount).toBe(
      `${threeDecimals.format(Number(formatUnits(await ltkOf(me), 18)))} LTK`,
    )
    await eventually(shownTokens).toEqual(after)
    await page.screenshot({ path: `${results}e2e-account-tokens.png` })
  })
})
