/**
 * The dev Solana wallet and the Solana adapter in Chromium, against the litesvm endpoint,
 * clicking what a person clicks: connect through the modal and the wallet's Approve, SOL
 * and SPL balances in the account view, SOL and LUSD sent through the send plugin (balances
 * read back from the chain), the wallet's Reject, silent reconnect after a reload, and EVM
 * (anvil, the EVM dev wallet) connected at the same time, the network list moving the
 * same account view between the two namespaces.
 * A page of its own (test/adapters/solana/browserPage), not the demo: no API server, so balances come
 * from the chain through the adapter, and a hook for signMessage. The demo with Solana is
 * test/e2e/solana.browser.test.ts.
 */
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createSolanaRpc, getBase58Encoder } from '@solana/kit'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../../devstack/chain.js'
import {
  type StartedSolanaRpc,
  solanaFixtureAccounts,
  solanaFixtureMints,
  startSolanaRpc,
} from '../../../devstack/solana/index.js'
import { newLocalContext } from '../../support/browser.js'
import { browserForFile } from '../../support/browser-for-file.js'
import type { StaticServer } from '../../support/static-server.js'
import { expectCount, expectHidden, expectText } from '../../support/waiting.js'
import { serveSolanaTestPage } from './browserPage/serve.js'

const getBrowser = browserForFile()
let rpc: StartedSolanaRpc
let chains: StartedChains
let server: StaticServer
let context: BrowserContext
let page: Page
let blocked: string[]
let pageErrors: string[]

beforeAll(async () => {
  ;[rpc, chains] = await Promise.all([startSolanaRpc(), startChains({ chainIds: [31337] })])
  const tokens = Object.fromEntries(
    Object.values(solanaFixtureMints).map((m) => [m.address, { name: m.name, symbol: m.symbol }]),
  )
  const evm = {
    chainId: 31337,
    rpcUrl: chains.chains[0]!.rpcUrl,
    accounts: chains.accounts.map((a) => a.address),
  }
  server = await serveSolanaTestPage({ rpcUrl: rpc.url, genesisHash: rpc.genesisHash, tokens, evm })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), rpc?.stop(), chains?.stop()])
})

beforeEach(async () => {
  ;({ context, blocked } = await newLocalContext(getBrowser(), { viewport: { width: 1280, height: 800 } }))
  page = await context.newPage()
  pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(server.url)
})
afterEach(async () => {
  expect(blocked).toEqual([])
  expect(pageErrors).toEqual([])
  await context.close()
})

const [me, bob] = solanaFixtureAccounts.map((account) => account.address) as [string, string]
const caip = () => `solana:${rpc.genesisHash.slice(0, 32)}`
const lamportsOf = async (owner: string) =>
  (await createSolanaRpc(rpc.url).getBalance(address(owner)).send()).value
const lusdOf = async (owner: string) => {
  const { value } = await createSolanaRpc(rpc.url)
    .getTokenAccountsByOwner(address(owner), { mint: address(rpc.mint.address) }, { encoding: 'jsonParsed' })
    .send()
  return value[0]?.account.data.parsed.info.tokenAmount.uiAmountString as string | undefined
}

function ui() {
  const dialog = page.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    balance: dialog.locator('[data-latchkit="balance"]'),
    token: dialog.locator('[data-latchkit="send-token"]'),
    amount: dialog.locator('[data-latchkit="send-amount"]'),
    receiver: dialog.locator('[data-latchkit="send-receiver"]'),
    fee: dialog.locator('[data-latchkit="send-fee"]'),
    preview: dialog.getByRole('button', { name: 'Preview Send' }),
    confirm: dialog.locator('[data-latchkit="send-confirm"]'),
    alert: dialog.getByRole('alert'),
    approve: page.getByTestId('devwallet-sol-approve'),
    reject: page.getByTestId('devwallet-sol-reject'),
    promptTitle: page.getByTestId('devwallet-sol-title'),
  }
}

/** Connect Wallet, Latch Dev Solana, Approve. */
async function connectDevWallet() {
  const view = ui()
  await page.locator('[data-latchkit="connect-button"]').click()
  await view.dialog.locator('button[data-connector="solana:latch-dev-solana"]').click()
  // The prompt re-renders when the request arrives: poll, never read once.
  await expectText(view.promptTitle, 'Connection request')
  await view.approve.click()
  await view.dialog.waitFor({ state: 'hidden' })
}

async function openSend() {
  const view = ui()
  await page.locator('[data-latchkit="account-button"]').click()
  // The account view re-renders as the balances arrive; click once it has settled.
  await expectText(view.balance, / SOL$/)
  await view.dialog.locator('[data-feature="send"]').click()
  await expectText(view.title, 'Send')
  return view
}

describe('the dev Solana wallet in Chromium', () => {
  it('connects after Approve; the account view shows the SOL balance and LUSD, not the 0-decimal token', async () => {
    await connectDevWallet()
    const view = ui()
    await page.locator('[data-latchkit="account-button"]').click()
    await expectText(view.balance, /^[\d,.]+ SOL$/)
    const row = view.dialog.locator('[data-token="LUSD"] [data-latchkit="token-amount"]')
    await expectText(row, /^[\d,.]+ LUSD$/)
    await expectCount(view.dialog.locator('[data-token="ZDT"]'), 0)
    // For a person to look at; test-results/ is not in git.
    await page.screenshot({
      path: fileURLToPath(new URL('../../../test-results/solana-account.png', import.meta.url)),
    })
  })

  it('sends SOL through the send plugin; the receiver gets exactly the amount', async () => {
    const before = await lamportsOf(bob)
    await connectDevWallet()
    const view = await openSend()
    await view.token.selectOption(`${caip()}/native`)
    await view.amount.fill('1.5')
    await view.receiver.fill(bob)
    await expectText(view.fee, /SOL$/)
    await view.preview.click()
    await view.confirm.click()
    await expectText(view.promptTitle, 'Send transaction')
    await view.approve.click()
    await expectText(view.title, 'Account')
    expect(await lamportsOf(bob)).toBe(before + 1_500_000_000n)
  })

  it('sends LUSD to an address that never held it (its token account is created)', async () => {
    const fresh = 'Hm3tTdYcWnPZjEvvcrdmXXAkMXcGTAT7kxTPLkPxQ2ou'
    const mineBefore = Number(await lusdOf(me))
    await connectDevWallet()
    const view = await openSend()
    await view.token.selectOption(`${caip()}/${rpc.mint.address}`)
    await view.amount.fill('12.5')
    await view.receiver.fill(fresh)
    await view.preview.click()
    await view.confirm.click()
    await view.approve.click()
    await expectText(view.title, 'Account')
    expect(await lusdOf(fresh)).toBe('12.5')
    expect(Number(await lusdOf(me))).toBe(mineBefore - 12.5)
  })

  it("a Reject in the wallet is 'Transaction declined' and sends nothing", async () => {
    const before = await lamportsOf(bob)
    await connectDevWallet()
    const view = await openSend()
    await view.token.selectOption(`${caip()}/native`)
    await view.amount.fill('2')
    await view.receiver.fill(bob)
    await view.preview.click()
    await view.confirm.click()
    await view.reject.click()
    await expectText(view.alert, 'Transaction declined')
    expect(await lamportsOf(bob)).toBe(before)
  })

  it('signs a message after Approve (verified with ed25519), refuses after Reject', async () => {
    await connectDevWallet()
    const view = ui()
    const signed = page.evaluate(() => window.solanaTest.signMessage('hello from the browser'))
    await view.approve.click()
    const result = await signed
    if (!result.ok) throw new Error(`signMessage failed: ${result.name}`)
    const base58 = getBase58Encoder()
    expect(
      ed25519.verify(
        new Uint8Array(base58.encode(result.signature)),
        new TextEncoder().encode('hello from the browser'),
        new Uint8Array(base58.encode(me)),
      ),
    ).toBe(true)
    const declined = page.evaluate(() => window.solanaTest.signMessage('no'))
    await view.reject.click()
    expect(await declined).toEqual({ ok: false, name: 'UserRejectedRequestError' })
  })

  it('reconnects silently after a reload, with no prompt', async () => {
    await connectDevWallet()
    await page.reload()
    await page.locator('[data-latchkit="account-button"]').waitFor()
    await expectHidden(ui().approve)
  })

  it('EVM and Solana connected at once; the network list moves the account view between them', async () => {
    const view = ui()
    // EVM through the Connect view and the EVM dev wallet's Approve.
    await page.locator('[data-latchkit="connect-button"]').click()
    await view.dialog.locator('button[data-connector="dev.latchkit.wallet"]').click()
    await page.getByTestId('devwallet-approve').click()
    await view.dialog.waitFor({ state: 'hidden' })
    // Solana as well: the second wallet, approved in its own prompt.
    const connected = page.evaluate(() => window.solanaTest.connect('solana:latch-dev-solana'))
    await view.approve.click()
    expect(await connected).toEqual({ ok: true })

    const button = page.locator('[data-latchkit="account-button"]')
    const name = view.dialog.locator('[data-latchkit="account-name"]')
    await expectText(button, /SOL/)
    await button.click()
    await expectText(name, `${me.slice(0, 4)}...${me.slice(-6)}`)

    // The same views, the other namespace: no wallet is asked anything.
    await view.dialog.locator('button.lk-row', { hasText: 'Solana Local' }).click()
    await view.dialog.locator('[data-network="eip155:31337"]').click()
    const evmAddress = chains.accounts[0]!.address
    await expectText(name, `${evmAddress.slice(0, 4)}...${evmAddress.slice(-6)}`)
    await expectText(view.balance, / ETH$/)

    await view.dialog.locator('button.lk-row', { hasText: 'Local 31337' }).click()
    await view.dialog.locator(`[data-network="${caip()}"]`).click()
    await expectText(name, `${me.slice(0, 4)}...${me.slice(-6)}`)
    await expectText(view.balance, / SOL$/)
    await expectHidden(view.approve)
    await expectHidden(page.getByTestId('devwallet-approve'))
  })
})
