/**
 * Email login in the demo, as a person does it: the code read from the devstack's mailbox
 * page, the recovery password typed in the frame's own screen (the frame service's origin,
 * laid over the modal), then the new wallet's EVM balance on anvil and its Solana account
 * on the local endpoint, an ETH send through the Send view approved in the frame and
 * mined, a silent reconnect after a reload, and a second browser profile (a new device)
 * that approves itself by the mailed link and opens the same wallet with the password.
 */
import type { Page } from 'playwright-core'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { browserForFile } from '../support/browser-for-file.js'
import { frameScreen } from '../support/frameScreen.js'
import { codeOf, linkOf, mailsTo, nextMail } from '../support/mailbox.js'
import { expectAttribute, expectText, expectTextContaining } from '../support/waiting.js'
import { type DemoPage, demoPagesForFile, openDemo, ui } from './helpers/demoPage.js'
import { demoChain, getDemo } from './helpers/demoStack.js'

const getBrowser = browserForFile()
const openPage = demoPagesForFile()
const PASSWORD = 'copper meadow 17 kites'
/** The person of the first test, whose wallet the second opens on a new device. */
const person = { email: '', address: '' as Address, solana: '' }

const chain = () => createPublicClient({ transport: http(demoChain(31337).rpcUrl) })
const frameOf = (page: Page) => page.frameLocator('iframe[data-latchkit-frame]')
/** A fresh address with no digits, so no run of six in the mail can pass for the code. */
const newEmail = (who: string) => `${who}.${crypto.randomUUID().replace(/[^a-f]/g, '')}x@example.com`

/** The mailbox page, read as a person reads it, in its own tab of the page's browser profile. */
async function codeFromMailbox(page: Page, email: string, seen: number): Promise<string> {
  const mail = await nextMail({ url: getDemo().mailboxUrl }, email, seen)
  const inbox = await page.context().newPage()
  try {
    await inbox.goto(getDemo().mailboxUrl)
    // The inbox page shows the same mail, code and all.
    await expectTextContaining(inbox.locator('body'), mail.subject)
  } finally {
    await inbox.close()
  }
  return codeOf(mail)
}

/** Connect Wallet, the email, Continue: the view then asks for the code (or the device link). */
async function startEmailLogin(page: Page, email: string): Promise<void> {
  const view = ui(page)
  await view.connectButton.click()
  await view.dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await view.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
}

async function sendEthFromAccountView(demo: DemoPage, to: Address, amount: string): Promise<void> {
  const { page } = demo
  const view = ui(page)
  await view.accountButton.click()
  await view.dialog.locator('[data-feature="send"]').click()
  await expectText(view.dialogTitle, 'Send')
  await view.dialog.locator('[data-latchkit="send-token"]').selectOption('eip155:31337/native')
  await view.dialog.locator('[data-latchkit="send-amount"]').fill(amount)
  await view.dialog.locator('[data-latchkit="send-receiver"]').fill(to)
  await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
  await expectText(view.dialogTitle, 'Review Send')
  await view.dialog.locator('[data-latchkit="send-confirm"]').click()
  // The frame's own approval screen, over the modal: the page cannot click it.
  const frame = frameOf(page)
  await expectTextContaining(frame.getByTestId('frame-request-details'), to, `${amount} ETH`)
  await frameScreen(page).click('frame-approve')
  await expectText(
    page.locator('[data-latchkit="snackbar-message"]'),
    /^Sent 0x[0-9a-f]{6}\.\.\.[0-9a-f]{6}$/,
  )
}

describe('email login in the demo', () => {
  it('logs in with the code from the mailbox, shows the new wallet on anvil and Solana, sends ETH approved in the frame, and reconnects after a reload', async () => {
    const demo = await openPage()
    const { page } = demo
    const view = ui(page)
    const email = newEmail('ada')
    person.email = email

    await startEmailLogin(page, email)
    const code = await codeFromMailbox(page, email, 0)
    await view.dialog.getByLabel('Digit 1 of 6').pressSequentially(code)
    // A new person: the frame asks for a recovery password in its own screen.
    const frame = frameOf(page)
    await frame.getByTestId('frame-password').fill(PASSWORD)
    await frame.getByTestId('frame-password-confirm').fill(PASSWORD)
    await frameScreen(page).click('frame-password-submit')
    await expectText(view.summaryAddress, /^0x[0-9a-fA-F]{40}$/, { timeout: 45_000 })
    await expectText(view.summaryBalance, '0 ETH')
    // settled: the account is connected (above); its address does not change.
    person.address = (await view.summaryAddress.textContent()) as Address
    // The same login holds a Solana account, listed beside the EVM one.
    const alsoConnected = page.getByTestId('demo-also-connected')
    await expectAttribute(alsoConnected, 'data-namespace', 'solana')
    await expectText(alsoConnected.locator('.mono'), /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    // settled: the Solana account is connected (above); its address does not change.
    person.solana = (await alsoConnected.locator('.mono').textContent()) ?? ''

    // Funded from outside (as a friend would), the balance shows after a reload, which
    // reconnects without a code or a prompt.
    await chain().request({
      method: 'anvil_setBalance' as never,
      params: [person.address, `0x${parseEther('1').toString(16)}`] as never,
    })
    await page.reload()
    await expectText(view.summaryAddress, person.address)
    await expectText(view.summaryBalance, '1 ETH')

    const receiver = privateKeyToAddress(generatePrivateKey())
    await sendEthFromAccountView(demo, receiver, '0.25')
    expect(await chain().getBalance({ address: receiver })).toBe(parseEther('0.25'))
    await expectText(view.dialogTitle, 'Account')
    await page.keyboard.press('Escape')
    await view.dialog.waitFor({ state: 'hidden' })

    // On the Solana network the account is the Solana one, with its balance on the local endpoint.
    await view.networkButton.click()
    await view.networkRow(getDemo().solana.caipNetworkId).click()
    await expectText(view.summaryAddress, person.solana)
    await expectText(view.summaryBalance, '0 SOL')
  }, 150_000)

  it('lets a second browser profile in after the device is approved by the mailed link, with the password, on the same wallet', async () => {
    expect(person.address).toMatch(/^0x/)
    // A new browser profile: nothing of the first one's storage.
    const demo = await openDemo(getBrowser())
    try {
      const { page } = demo
      const view = ui(page)
      let seen = (await mailsTo({ url: getDemo().mailboxUrl }, person.email)).length
      await startEmailLogin(page, person.email)
      await expectTextContaining(view.dialog, 'Approve the login link we emailed to')
      // The person opens the mailed link in a tab; the view, asking all along, moves on to the code.
      const link = linkOf(await nextMail({ url: getDemo().mailboxUrl }, person.email, seen))
      seen += 1
      const tab = await demo.context.newPage()
      const approved = await tab.goto(link)
      expect(approved?.status()).toBe(200)
      await tab.close()
      const code = await codeFromMailbox(page, person.email, seen)
      await view.dialog.getByLabel('Digit 1 of 6').pressSequentially(code)

      const frame = frameOf(page)
      await frame.getByTestId('frame-recover-password').fill('not the password')
      await frameScreen(page).click('frame-recover-submit')
      await expectTextContaining(frame.getByTestId('frame-error'), 'That recovery password is not correct.')
      await frame.getByTestId('frame-recover-password').fill(PASSWORD)
      await frameScreen(page).click('frame-recover-submit')
      await expectText(view.summaryAddress, person.address, { timeout: 45_000 })
      await expectText(page.getByTestId('demo-also-connected').locator('.mono'), person.solana)
      expect(demo.blocked).toEqual([])
    } finally {
      await demo.context.close()
    }
  }, 150_000)
})
