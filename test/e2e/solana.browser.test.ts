/**
 * Solana in the demo, in Chromium against the demo's litesvm endpoint: connecting the dev
 * Solana wallet through the modal, its SOL and LUSD balances and the Receive view, SOL and
 * LUSD sent through the send plugin and approved in the wallet's prompt, and EVM connected
 * too, the network list moving between the two accounts. Only this file touches the Solana
 * endpoint; it sends from fixture account 0 and asserts against what it reads first.
 */
import { address, createSolanaRpc } from '@solana/kit'
import { formatUnits, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { solanaFixtureAccounts, solanaFixtureMints } from '../../devstack/solana/fixtures.js'
import {
  eventually,
  expectAttribute,
  expectCount,
  expectHidden,
  expectText,
  expectTextContaining,
} from '../support/waiting.js'
import { DEV_WALLET_RDNS, type DemoPage, demoPagesForFile, ui } from './helpers/demoPage.js'
import { getDemo } from './helpers/demoStack.js'

const openPage = demoPagesForFile()

const SOLANA_WALLET = 'solana:latch-dev-solana'
const [me, bob, carol] = solanaFixtureAccounts.map((account) => account.address) as [string, string, string]
const evmAccount = fixtureAccounts[0]!.address
const threeDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })
const short = (value: string) => `${value.slice(0, 4)}...${value.slice(-6)}`

const rpc = () => createSolanaRpc(getDemo().solana.rpcUrl)
const lamportsOf = async (owner: string) => (await rpc().getBalance(address(owner)).send()).value
const lusdOf = async (owner: string) => {
  const { value } = await rpc()
    .getTokenAccountsByOwner(
      address(owner),
      { mint: address(solanaFixtureMints.LUSD.address) },
      { encoding: 'jsonParsed' },
    )
    .send()
  return formatUnits(BigInt(value[0]!.account.data.parsed.info.tokenAmount.amount), 6)
}

/** The demo's locators plus the dev Solana wallet's prompt and the send form. */
function solanaUi(demoPage: DemoPage) {
  const { page } = demoPage
  const view = ui(page)
  return {
    ...view,
    solPromptTitle: page.getByTestId('devwallet-sol-title'),
    solApprove: page.getByTestId('devwallet-sol-approve'),
    alsoConnected: page.getByTestId('demo-also-connected'),
    lusdAmount: view.dialog.locator('[data-token="LUSD"] [data-latchkit="token-amount"]'),
    sendToken: view.dialog.locator('[data-latchkit="send-token"]'),
    sendAmount: view.dialog.locator('[data-latchkit="send-amount"]'),
    sendReceiver: view.dialog.locator('[data-latchkit="send-receiver"]'),
    sendFee: view.dialog.locator('[data-latchkit="send-fee"]'),
    preview: view.dialog.getByRole('button', { name: 'Preview Send' }),
    confirm: view.dialog.locator('[data-latchkit="send-confirm"]'),
  }
}

/** From the account view to the Send form, once the account view has its token rows. */
async function openSend(view: ReturnType<typeof solanaUi>) {
  await view.accountButton.click()
  // The account view re-renders as the balances arrive; click once it has settled.
  await expectCount(view.lusdAmount, 1)
  await view.dialog.locator('[data-feature="send"]').click()
  await expectText(view.dialogTitle, 'Send')
}

/** Preview, Send, then Approve in the dev Solana wallet; resolves back on the account view. */
async function sendAndApprove(view: ReturnType<typeof solanaUi>) {
  await view.preview.click()
  await view.confirm.click()
  await expectText(view.solPromptTitle, 'Send transaction')
  await view.solApprove.click()
  await expectText(view.dialogTitle, 'Account')
}

/** Connect Wallet, Latch Dev Solana, Approve in its prompt; resolves once the page shows the account. */
async function connectSolana(demoPage: DemoPage) {
  const view = solanaUi(demoPage)
  await view.connectButton.click()
  await view.walletEntry(SOLANA_WALLET).click()
  // The prompt re-renders when the request arrives: poll, never read once.
  await expectText(view.solPromptTitle, 'Connection request')
  await view.solApprove.click()
  await expectText(view.summaryAddress, me)
  await view.dialog.waitFor({ state: 'hidden' })
  return view
}

describe('demo: Solana through the dev Solana wallet', () => {
  it('connects through the modal; the page and the account view show SOL and LUSD as the endpoint reports them', async () => {
    const demo = await openPage()
    const view = await connectSolana(demo)
    const [lamports, lusd] = await Promise.all([lamportsOf(me), lusdOf(me)])
    await expectText(view.summaryBalance, `${formatUnits(lamports, 9)} SOL`)
    await expectText(
      view.summaryNetwork,
      `Latch Solana Local · chain ${getDemo().solana.genesisHash.slice(0, 32)}`,
    )
    await expectText(view.networkButton, 'Latch Solana Local')

    await view.accountButton.click()
    await expectText(view.accountName, short(me))
    await expectText(view.accountBalance, `${threeDecimals.format(Number(formatUnits(lamports, 9)))} SOL`)
    // LUSD by name and amount from the local API; the 0-decimal ZDT the wallet holds is left out.
    await expectText(view.lusdAmount, `${threeDecimals.format(Number(lusd))} LUSD`)
    await expectCount(view.dialog.locator('[data-token="ZDT"]'), 0)

    // Receive: the Solana address as a QR code, on the app's Solana network only.
    await view.dialog.locator('[data-feature="receive"]').click()
    await expectCount(view.dialog.getByRole('img', { name: `QR code of the address ${me}` }), 1)
    await eventually(() =>
      view.dialog.locator('[data-latchkit="receive-networks"] li').allTextContents(),
    ).toEqual(['Latch Solana Local'])
  })

  it('sends SOL through the send plugin, approved in the dev Solana wallet; the new balance shows and is on chain', async () => {
    const demo = await openPage()
    const view = await connectSolana(demo)
    const [mineBefore, bobBefore] = await Promise.all([lamportsOf(me), lamportsOf(bob)])

    await openSend(view)
    await view.sendToken.selectOption(`${getDemo().solana.caipNetworkId}/native`)
    await view.sendAmount.fill('0.25')
    await view.sendReceiver.fill(bob)
    await expectText(view.sendFee, /SOL$/)
    await sendAndApprove(view)

    expect(await lamportsOf(bob)).toBe(bobBefore + 250_000_000n)
    const mineAfter = await lamportsOf(me)
    // The amount and the network fee, nothing else.
    expect(mineBefore - mineAfter - 250_000_000n).toBeGreaterThan(0n)
    expect(mineBefore - mineAfter - 250_000_000n).toBeLessThan(100_000n)
    await expectText(view.summaryBalance, `${formatUnits(mineAfter, 9)} SOL`)
    await expectText(view.accountBalance, `${threeDecimals.format(Number(formatUnits(mineAfter, 9)))} SOL`)
  })

  it('sends LUSD as the local API lists it (its mint in the CAIP-10 address); the Tokens tab shows what is left', async () => {
    const demo = await openPage()
    const view = await connectSolana(demo)
    const [mineBefore, carolBefore] = await Promise.all([lusdOf(me), lusdOf(carol)])

    await openSend(view)
    await view.sendToken.selectOption(`${getDemo().solana.caipNetworkId}/${solanaFixtureMints.LUSD.address}`)
    await view.sendAmount.fill('12.5')
    await view.sendReceiver.fill(carol)
    await sendAndApprove(view)

    expect(Number(await lusdOf(carol))).toBe(Number(carolBefore) + 12.5)
    const mineAfter = await lusdOf(me)
    expect(Number(mineAfter)).toBe(Number(mineBefore) - 12.5)
    await expectText(view.lusdAmount, `${threeDecimals.format(Number(mineAfter))} LUSD`)
  })

  it('connects EVM too from the network list; both accounts show, and the list moves between them without a prompt', async () => {
    const demo = await openPage()
    const view = await connectSolana(demo)

    // Picking an EVM network with only Solana connected leads to Connect, for the EVM wallet.
    await view.networkButton.click()
    await view.networkRow('eip155:31337').click()
    await expectText(view.dialogTitle, 'Connect Wallet')
    await view.walletEntry(DEV_WALLET_RDNS).click()
    await view.wallet.approve.click()
    await expectText(view.summaryAddress, evmAccount)
    await expectAttribute(view.alsoConnected, 'data-namespace', 'solana')
    await expectTextContaining(view.alsoConnected, me)
    await view.dialog.waitFor({ state: 'hidden' })

    // Back to Solana and to EVM again: the same account views, no wallet asked anything.
    await view.networkButton.click()
    await view.networkRow(getDemo().solana.caipNetworkId).click()
    await expectText(view.summaryAddress, me)
    await expectText(view.networkButton, 'Latch Solana Local')
    await expectTextContaining(view.alsoConnected, evmAccount)
    await view.dialog.waitFor({ state: 'hidden' })

    await view.accountButton.click()
    await expectText(view.accountName, short(me))
    await view.dialog.locator('button.lk-row', { hasText: 'Latch Solana Local' }).click()
    await view.networkRow('eip155:31337').click()
    // The EVM account is the first dev account, which the demo's ens plugin shows by name.
    await expectText(view.accountName, 'alice.eth')
    await expectText(view.accountBalance, / ETH$/)
    await expectText(view.summaryAddress, evmAccount)
    await expectHidden(view.solApprove)
    await expectHidden(view.wallet.prompt)
  })

  // Last in the file: it empties account 0 down to what the network makes it keep.
  it('Max on SOL sends all but the fee and the rent-exempt minimum: exactly the figure the field shows', async () => {
    const demo = await openPage()
    const view = await connectSolana(demo)
    const [mineBefore, bobBefore, minimum] = await Promise.all([
      lamportsOf(me),
      lamportsOf(bob),
      rpc().getMinimumBalanceForRentExemption(0n).send(),
    ])

    await openSend(view)
    await view.sendToken.selectOption(`${getDemo().solana.caipNetworkId}/native`)
    await view.sendReceiver.fill(bob)
    await view.dialog.locator('[data-latchkit="send-max"]').click()
    await eventually(() => view.sendAmount.inputValue()).toMatch(/^\d+\.\d+$/)
    // settled: the wait above saw the figure Max wrote; the form holds it until sent.
    const shown = parseUnits(await view.sendAmount.inputValue(), 9)
    await expectText(view.sendFee, /SOL$/)
    await sendAndApprove(view)

    await eventually(() => lamportsOf(bob)).not.toBe(bobBefore)
    const sent = (await lamportsOf(bob)) - bobBefore
    // What the field showed, to the lamport.
    expect(sent).toBe(shown)
    const mineAfter = await lamportsOf(me)
    expect(mineAfter).toBeGreaterThanOrEqual(minimum)
    expect(mineBefore - mineAfter - sent).toBeLessThan(100_000n)
  })
})
