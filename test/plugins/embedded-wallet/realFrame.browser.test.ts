// The widget's embedded wallet and email plugins in Chromium against the real frame
// service and frame page on their own origin (mail through the devstack mailbox, a chain on
// anvil): a new person logs in with the mailed code, sets a recovery password in the
// frame's own screen laid over the modal, gets an account, signs a message approved in the
// frame (it verifies for the address), declines a signature and a send in the frame (viem
// and wagmi name it UserRejectedRequestError, 4001), sends ETH approved in the frame
// (mined), and a reload reconnects without a prompt; a new device gets in by the emailed
// link and the recovery password, with the same address.
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import {
  codeOf,
  linkOf,
  mailCount,
  nextMail,
  PROJECT,
  startServiceStack,
} from '../../server/embedded-wallet/serviceHelpers.js'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { serveBundledPage } from '../../support/bundledPage'
import { frameScreen } from '../../support/frameScreen.js'
import { reportPageOnFailure } from '../../support/pageOnFailure.js'
import type { StaticServer } from '../../support/static-server'
import { eventually, expectText, expectTextContaining } from '../../support/waiting'

const getBrowser = browserForFile()
const PASSWORD = 'copper meadow 17 kites'
/**
 * A fresh address with no digits: a mail that names an address (the update's mail names
 * the new one) must not hold a run of six digits the code reader could take for the code.
 */
const letterEmail = (what: string) => `${what}.${crypto.randomUUID().replace(/[^a-f]/g, '')}x@example.com`

/** The person of the first test, whose wallet the second recovers on a new device. */
const person = { email: '', address: '', solana: '' }
let host: StaticServer
let anvil: AnvilInstance
let stack: Awaited<ReturnType<typeof startServiceStack>>

beforeAll(async () => {
  // The service must allow the page's origin, so the page comes first and learns the
  // service's URL from its address (?frameUrl=).
  host = await serveBundledPage({
    entry: fileURLToPath(new URL('./widgetPages/emailPage.tsx', import.meta.url)),
    title: 'email login against the real frame',
    configGlobal: 'widgetEmailTestConfig',
    config: { projectId: PROJECT },
    minify: true,
  })
  anvil = await startAnvil({ chainId: 31337 })
  stack = await startServiceStack({
    projects: { [PROJECT]: { allowedOrigins: [new URL(host.url).origin] } },
    chains: { 'eip155:31337': anvil.rpcUrl },
  })
})

afterAll(async () => {
  await Promise.all([stack?.stop(), host?.close(), anvil?.stop()])
})

const pageUrl = () =>
  `${host.url}?frameUrl=${encodeURIComponent(stack.service.url)}&rpcUrl=${encodeURIComponent(anvil.rpcUrl)}&solana=1`
const sent = (page: Page) =>
  page.evaluate(() => (window as unknown as { emailTest: { state: { sent: unknown } } }).emailTest.state.sent)
const signature = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { emailTest: { state: { signature: unknown } } }).emailTest.state.signature,
  )
const asked = (page: Page, kind: string) =>
  page.evaluate(
    (which) =>
      (window as unknown as { emailTest: { state: { asked: Record<string, string> } } }).emailTest.state
        .asked[which],
    kind,
  )
const address = (page: Page, namespace = 'eip155') =>
  page.evaluate(
    (family) =>
      (
        window as unknown as {
          emailTest: { kernel: { getState(): { accounts: Record<string, { address?: string }> } } }
        }
      ).emailTest.kernel.getState().accounts[family]?.address ?? '',
    namespace,
  )

describe('the widget against the real frame service', () => {
  it('logs in by email, sets up the wallet in the frame, signs and sends ETH approved in the frame, and reconnects after a reload', async () => {
    const { context } = await newLocalContext(getBrowser())
    const page = await context.newPage()
    reportPageOnFailure(page)
    await page.goto(pageUrl())
    const email = letterEmail('ada')
    person.email = email
    const seen = mailCount(stack.mailbox, email)
    await page.locator('[data-latchkit="connect-button"]').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const code = codeOf(await nextMail(stack.mailbox, email, seen))
    // A wrong code fails clearly and the boxes empty; the right one then goes through.
    await dialog.getByLabel('Digit 1 of 6').pressSequentially(code === '000000' ? '111111' : '000000')
    await expectText(dialog.locator('[data-latchkit="email-error"]'), 'The code is not right')
    await eventually(() => dialog.getByLabel('Digit 1 of 6').inputValue()).toBe('')
    // The first box has the focus again: the person just types.
    await eventually(() =>
      page.evaluate(() =>
        document.querySelector('latchkit-modal')?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      ),
    ).toBe('Digit 1 of 6')
    await page.keyboard.type(code)

    // A new person: the frame draws its password screen over the modal's EmailWallet view.
    const frame = page.frameLocator('iframe[data-latchkit-frame]')
    await frame.getByTestId('frame-password').fill(PASSWORD)
    await frame.getByTestId('frame-password-confirm').fill(PASSWORD)
    await frameScreen(page).click('frame-password-submit')
    await dialog.waitFor({ state: 'hidden', timeout: 45_000 })
    await eventually(() => address(page), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // settled: the account is connected (above); its address does not change.
    const account = (await address(page)) as Hex
    person.address = account
    // The Solana account of the same wallet, connected by the same login.
    await eventually(() => address(page, 'solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    // settled: the Solana account is connected (above); its address does not change.
    person.solana = await address(page, 'solana')
    await expectTextContaining(page.locator('[data-latchkit="account-button"]'), account.slice(-6))

    await page.evaluate(() => (window as unknown as { emailTest: { sign(): boolean } }).emailTest.sign())
    await frameScreen(page).click('frame-approve')
    await eventually(() => signature(page)).toMatch(/^0x[0-9a-f]{130}$/)
    // settled: the signature arrived (above) and is kept as it came.
    const signed = (await signature(page)) as Hex
    expect(await verifyMessage({ address: account, message: 'hello', signature: signed })).toBe(true)

    // Declined in the frame's own screen: viem and wagmi (through latchkit/wagmi) see
    // EIP-1193's 4001 and name it UserRejectedRequestError, for a signature and a send.
    for (const kind of ['viemSign', 'viemSend', 'wagmiSign'] as const) {
      await page.evaluate(
        (asked) => (window as unknown as { emailTest: { ask(kind: string): boolean } }).emailTest.ask(asked),
        kind,
      )
      await frameScreen(page).click('frame-reject')
      await eventually(() => asked(page, kind)).toBe('UserRejectedRequestError 4001')
    }

    // An ETH send from the page, approved in the frame, is mined on anvil.
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [account, '0xde0b6b3a7640000'],
      }),
    })
    const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await chain.getBalance({ address: recipient })
    await page.evaluate(
      ([to, wei]) =>
        (window as unknown as { emailTest: { send(to: string, wei: string): boolean } }).emailTest.send(
          to,
          wei,
        ),
      [recipient, parseEther('0.01').toString()] as const,
    )
    await expectTextContaining(frame.getByTestId('frame-request-details'), recipient, '0.01 ETH')
    await frameScreen(page).click('frame-approve')
    await eventually(() => sent(page), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    // settled: the hash arrived (above) and is kept as it came.
    const hash = (await sent(page)) as Hex
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await chain.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))

    await page.reload()
    await expectTextContaining(page.locator('[data-latchkit="account-button"]'), account.slice(-6))
    await context.close()
  }, 150_000)

  it('lets a new device in after it is approved by the emailed link and the recovery password, with the same EVM and Solana addresses, and updates its email', async () => {
    expect(person.address).not.toBe('')
    const { context } = await newLocalContext(getBrowser())
    const page = await context.newPage()
    reportPageOnFailure(page)
    await page.goto(pageUrl())
    let seen = mailCount(stack.mailbox, person.email)
    await page.locator('[data-latchkit="connect-button"]').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(person.email)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expectTextContaining(dialog, 'Approve the login link we emailed to')
    // The person clicks the emailed link; the view, asking all along, moves on to the code.
    const approval = await fetch(linkOf(await nextMail(stack.mailbox, person.email, seen)))
    expect(approval.status).toBe(200)
    seen += 1
    const code = codeOf(await nextMail(stack.mailbox, person.email, seen))
    await dialog.getByLabel('Digit 1 of 6').pressSequentially(code)

    const frame = page.frameLocator('iframe[data-latchkit-frame]')
    await frame.getByTestId('frame-recover-password').fill('not the password')
    await frameScreen(page).click('frame-recover-submit')
    await expectTextContaining(frame.getByTestId('frame-error'), 'That recovery password is not correct.')
    await frame.getByTestId('frame-recover-password').fill(PASSWORD)
    await frameScreen(page).click('frame-recover-submit')
    await dialog.waitFor({ state: 'hidden', timeout: 45_000 })
    await eventually(() => address(page), { timeout: 30_000 }).toBe(person.address)
    await eventually(() => address(page, 'solana')).toBe(person.solana)

    // Email update from the Account view: the code to the current address, then the one to the new.
    const next = letterEmail('moved')
    const seenOld = mailCount(stack.mailbox, person.email)
    const seenNew = mailCount(stack.mailbox, next)
    await page.locator('[data-latchkit="account-button"]').click()
    await dialog.getByRole('button', { name: /Update email/ }).click()
    await dialog.getByRole('textbox', { name: 'New email' }).fill(next)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expectTextContaining(dialog, '(your current address)')
    await page.keyboard.type(codeOf(await nextMail(stack.mailbox, person.email, seenOld)))
    await expectTextContaining(dialog, '(your new address)')
    await page.keyboard.type(codeOf(await nextMail(stack.mailbox, next, seenNew)))
    await eventually(() =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              emailTest: {
                kernel: { getState(): { accounts: Record<string, { user?: { email?: string } }> } }
              }
            }
          ).emailTest.kernel.getState().accounts.eip155?.user?.email,
      ),
    ).toBe(next)
    await context.close()
  }, 150_000)
})
