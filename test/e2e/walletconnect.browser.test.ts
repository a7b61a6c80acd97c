/**
 * WalletConnect end to end: the demo on one origin, the dev mobile wallet (a phone
 * wallet on the WalletConnect SDK) on another in its own browser context, talking
 * through Latchkit's relay. The test reads the QR code from the rendered image, opens
 * the wallet with what it decoded, and checks what reaches anvil, the Solana endpoint and
 * the sign-in verifier.
 */
import { address, createSolanaRpc } from '@solana/kit'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import type { DevstackConfig } from '../../demo/src/devstackConfig.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { solanaFixtureAccounts } from '../../devstack/solana/fixtures.js'
import { browserForFile } from '../support/browser-for-file.js'
import { eventually, expectAttribute, expectText, expectTextContaining } from '../support/waiting.js'
import { demoPagesForFile, ui } from './helpers/demoPage.js'
import { demoChain, getDemo } from './helpers/demoStack.js'
import {
  type MobileWalletPage,
  openMobileWallet,
  openMobileWalletLink,
  scanQrCode,
} from './helpers/walletConnectDriver.js'

const getBrowser = browserForFile()
const openPage = demoPagesForFile()
const [account0, , account2] = fixtureAccounts.map((account) => account.address) as [
  Address,
  Address,
  Address,
]

/**
 * The phone, closed after each test, with its own check that nothing left the machine:
 * opened with the pairing URI, or at a link the demo offers (`{ link }`).
 */
async function withPhone<T>(
  opening: string | { link: string },
  use: (phone: MobileWalletPage) => Promise<T>,
): Promise<T> {
  const phone =
    typeof opening === 'string'
      ? await openMobileWallet(getBrowser(), getDemo().mobileWalletUrl, opening)
      : await openMobileWalletLink(getBrowser(), opening.link)
  try {
    const result = await use(phone)
    expect(phone.blocked).toEqual([])
    return result
  } finally {
    await phone.close()
  }
}

/** Connect Wallet, then the WalletConnect entry; resolves with the URI the QR code carries. */
async function showPairingCode(page: Awaited<ReturnType<typeof openPage>>['page']): Promise<string> {
  const view = ui(page)
  await view.connectButton.click()
  await view.dialog.locator('button[data-connector="walletConnect"]').click()
  // The view says what it waits for (loading, pairing, failed), so a failure names it.
  await expectAttribute(view.dialog.locator('[data-latchkit="walletconnect"]'), 'data-state', 'pairing')
  const qr = view.dialog.locator('[data-latchkit="walletconnect-qr"]')
  await qr.waitFor()
  // settled: the code shown stays until it is replaced, 30 s before its 5 minutes are up.
  const uri = await scanQrCode(qr)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  // The code is the one the page offers to copy too.
  await expectAttribute(qr, 'data-value', uri)
  return uri
}

describe('WalletConnect through the local relay', () => {
  it('pairs by QR code, shows the account and balance, sends ETH, keeps the session after a reload, and follows the wallet disconnecting', async () => {
    const { page } = await openPage()
    const view = ui(page)
    const uri = await showPairingCode(page)
    const chain = createPublicClient({ transport: http(demoChain(31337).rpcUrl) })

    await withPhone(uri, async (phone) => {
      await expectTextContaining(phone.page.getByTestId('mobile-wallet-proposal-name'), 'Latch Demo')
      await phone.approveProposal.click()
      await expectText(view.summaryAddress, account0)
      await expectText(view.summaryBalance, /^[\d.,]+ ETH$/)
      await view.dialog.waitFor({ state: 'hidden' })

      // An ETH send through the session: the wallet signs it and anvil mines it.
      const before = await chain.getBalance({ address: account2 })
      await view.accountButton.click()
      await view.dialog.locator('[data-feature="send"]').click()
      await view.dialog.locator('[data-latchkit="send-token"]').selectOption('eip155:31337/native')
      await view.dialog.locator('[data-latchkit="send-amount"]').fill('0.015')
      await view.dialog.locator('[data-latchkit="send-receiver"]').fill(account2)
      await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
      await view.dialog.locator('[data-latchkit="send-confirm"]').click()
      await expectText(phone.requestMethod, 'eth_sendTransaction')
      await phone.approveRequest.click()
      await eventually(async () => (await chain.getBalance({ address: account2 })) - before).toBe(
        parseEther('0.015'),
      )

      // A reload restores the session without a prompt.
      await page.reload()
      await expectText(view.summaryAddress, account0)

      // The wallet ends the session: the demo shows disconnected.
      await phone.disconnect.first().click()
      await view.connectButton.waitFor()
    })
  })

  it('shows the declined state when the wallet rejects, and Try again pairs with a new code', async () => {
    const { page } = await openPage()
    const view = ui(page)
    const first = await showPairingCode(page)
    await withPhone(first, async (phone) => {
      await phone.rejectProposal.click()
    })
    const state = view.dialog.locator('[data-latchkit="walletconnect"]')
    await expectAttribute(state, 'data-state', 'declined')
    await expectTextContaining(view.dialog, 'Connection declined')
    await view.dialog.getByRole('button', { name: 'Try again' }).click()
    const qr = view.dialog.locator('[data-latchkit="walletconnect-qr"]')
    await qr.waitFor()
    // settled: the declined view showed no code; this one is the new code, shown until it expires.
    const second = await scanQrCode(qr)
    expect(second).not.toBe(first)
    await withPhone(second, async (phone) => {
      await phone.approveProposal.click()
      await expectText(view.summaryAddress, account0)
      await phone.disconnect.first().click()
      await view.connectButton.waitFor()
    })
  })

  it('signs in through WalletConnect: the phone signs the message and the verifier accepts it', async () => {
    const { page } = await openPage()
    const view = ui(page)
    const card = page.getByTestId('demo-sign-in')
    await card.getByRole('button', { name: 'Turn on sign-in' }).click()
    await expectAttribute(card, 'data-state', 'signed-out')
    const uri = await showPairingCode(page)
    await withPhone(uri, async (phone) => {
      await phone.approveProposal.click()
      await expectText(view.dialogTitle, 'Sign In')
      await view.dialog.getByRole('button', { name: 'Sign', exact: true }).click()
      await expectText(phone.requestMethod, 'personal_sign')
      // personal_sign carries the message hex-encoded: the phone shows the EIP-4361 text's bytes.
      const hex = Buffer.from(' wants you to sign in with your Ethereum account').toString('hex')
      await expectTextContaining(phone.page.getByTestId('mobile-wallet-request-params'), hex)
      await phone.approveRequest.click()
      // The verifier checked the signature against the account before it made the session.
      await expectAttribute(card, 'data-state', 'signed-in')
      await expectText(page.getByTestId('demo-sign-in-status'), `Signed in as ${account0}`)
      const config = (await (await fetch(new URL('devstack.json', getDemo().url))).json()) as DevstackConfig
      const cookie = (await page.context().cookies(config.api?.url)).find((c) => c.name === 'siwe_session')
      const session = await fetch(`${config.api?.url}/siwe/session`, {
        headers: { cookie: `siwe_session=${cookie?.value}` },
      })
      expect(await session.json()).toMatchObject({ session: { address: account0, chainId: 31337 } })
      await card.getByRole('button', { name: 'Sign out' }).click()
      await view.connectButton.waitFor()
    })
  })

  it('connects a wallet picked in All wallets through its web app: the link carries the pairing code', async () => {
    const { page } = await openPage()
    const view = ui(page)
    await view.connectButton.click()
    await view.dialog.locator('[data-latchkit="all-wallets-row"] button').click()
    await view.dialog.locator('[data-latchkit="wallets-search"]').fill('Latch Mobile')
    const item = view.dialog.locator('[data-latchkit="wallet-item"]', { hasText: 'Latch Mobile Wallet' })
    await expectAttribute(item, 'data-installed', 'false')
    await item.locator('button').click()
    await expectAttribute(view.dialog.locator('[data-latchkit="walletconnect"]'), 'data-state', 'pairing')
    const qr = view.dialog.locator('[data-latchkit="walletconnect-qr"]')
    // settled: the code shown stays until it is replaced, 30 s before its 5 minutes are up.
    const uri = await scanQrCode(qr)
    const link = `${getDemo().mobileWalletUrl}wc?uri=${encodeURIComponent(uri)}`
    const webLink = view.dialog.locator('[data-latchkit="walletconnect-web-link"]')
    await expectText(webLink, 'Open Latch Mobile Wallet in the browser')
    await expectAttribute(webLink, 'href', link)
    await withPhone({ link }, async (phone) => {
      await phone.approveProposal.click()
      await expectText(view.summaryAddress, account0)
      await phone.disconnect.first().click()
      await view.connectButton.waitFor()
    })
  })

  it('holds the Solana account in the same session: the demo shows it and its balance on the Solana network, and a SOL send signed by the phone lands', async () => {
    const { page } = await openPage()
    const view = ui(page)
    const uri = await showPairingCode(page)
    const solana = getDemo().solana
    await withPhone(uri, async (phone) => {
      await phone.approveProposal.click()
      await expectText(view.summaryAddress, account0)
      await view.networkButton.click()
      await view.networkRow(solana.caipNetworkId).click()
      await expectText(view.networkButton, solana.name)
      await expectText(view.summaryAddress, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      await expectText(view.summaryBalance, /^[\d.,]+ SOL$/)

      const rpc = createSolanaRpc(solana.rpcUrl)
      const lamportsOf = async (owner: string) => (await rpc.getBalance(address(owner)).send()).value
      const receiver = solanaFixtureAccounts[2]?.address as string
      const before = await lamportsOf(receiver)
      await view.accountButton.click()
      await view.dialog.locator('[data-feature="send"]').click()
      await view.dialog.locator('[data-latchkit="send-token"]').selectOption(`${solana.caipNetworkId}/native`)
      await view.dialog.locator('[data-latchkit="send-amount"]').fill('0.05')
      await view.dialog.locator('[data-latchkit="send-receiver"]').fill(receiver)
      await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
      await view.dialog.locator('[data-latchkit="send-confirm"]').click()
      await expectText(phone.requestMethod, /^solana_sign(AndSend)?Transaction$/)
      await phone.approveRequest.click()
      await eventually(async () => (await lamportsOf(receiver)) - before).toBe(50_000_000n)
      await phone.disconnect.first().click()
      await view.connectButton.waitFor()
    })
  })
})
