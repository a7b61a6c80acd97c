/**
 * Names in Chromium against the real parts: anvil with the fixture ENS, the local API with
 * its names service, the ens plugin on the test page, the dev wallet. The connected
 * fixture account shows its ENS name and avatar; a send to a fixture name reaches that
 * name's address on chain; a new name is registered through the wallet's signature and
 * then resolves on chain and shows in the account view; a taken and an invalid name are
 * refused with their messages. Own chains and API server: this file sends transactions.
 */
import type { Page } from 'playwright-core'
import { type Address, createPublicClient, getAddress, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts, fixtureEns } from '../../devstack/fixtures.js'
import { serveSendTestPage } from '../plugins/send/sendBrowserPage/serve.js'
import { call, freshLabel, signedRegistration } from '../server/names/helpers.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import { eventually, expectCount, expectHidden, expectText } from '../support/waiting.js'
import { walletPanel } from './helpers/devWalletDriver.js'
import { connectAndShowAccount, pagePerTest } from './helpers/sendTestPageSession.js'

const getBrowser = browserForFile()
let stack: StartedChains
let api: ApiServer
/** The page whose wallet's first account is alice.eth (account 0). */
let alicePage: StaticServer
/** The pages whose wallet's first account has no name: account 2, which registers one, and account 3. */
let namelessPage: StaticServer
let otherPage: StaticServer
let page: Page

const [alice, bob, nameless, other] = fixtureAccounts.map((account) => account.address) as [
  Address,
  Address,
  Address,
  Address,
]

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337] })
  const chain = { chainId: 31337, name: 'Local 31337', rpcUrl: stack.chains[0]!.rpcUrl }
  api = await startApiServer({ chains: stack.chains })
  const page = (accounts: Address[]) =>
    serveSendTestPage({ appChains: [chain], walletChains: [chain], accounts, apiUrl: api.url, ens: true })
  ;[alicePage, namelessPage, otherPage] = await Promise.all([
    page([alice, bob, nameless, other]),
    page([nameless, other, alice, bob]),
    page([other, nameless, alice, bob]),
  ])
}, 60_000)
afterAll(async () => {
  await Promise.all([
    alicePage?.close(),
    namelessPage?.close(),
    otherPage?.close(),
    api?.stop(),
    stack?.stop(),
  ])
})

pagePerTest(
  getBrowser,
  // Each test opens alice's page first; the others go on to their own.
  () => alicePage.url,
  (opened) => {
    page = opened.page
  },
)

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const ensAddress = async (name: string) => {
  const found = await chain().getEnsAddress({ name, universalResolverAddress: fixtureEns.universalResolver })
  return found && getAddress(found)
}

/** How many registrations the API has been sent so far. */
const registrationsSeen = () =>
  api.faults.requests.filter((request) => request.method === 'POST' && request.path === '/v1/profile/account')
    .length

function ui() {
  const dialog = page.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    accountButton: page.locator('[data-latchkit="account-button"]'),
    accountName: dialog.locator('[data-latchkit="account-name"]'),
    chooseName: dialog.locator('[data-feature="ens"]'),
    nameInput: dialog.locator('[data-latchkit="ens-name-input"]'),
    rule: dialog.locator('[data-latchkit="ens-rule"]'),
    suggestions: dialog.locator('[data-latchkit="ens-suggestion"]'),
    submit: dialog.locator('[data-latchkit="ens-submit"]'),
    error: dialog.locator('[data-latchkit="ens-error"]'),
    registered: dialog.locator('[data-latchkit="ens-registered-name"]'),
    wallet: walletPanel(page),
  }
}

describe('names through the ens plugin', () => {
  it('shows the connected fixture account by its ENS name and avatar', async () => {
    await connectAndShowAccount(page)
    const view = ui()
    await expectText(view.accountButton, /alice\.eth/)
    await eventually(() => view.accountButton.locator('img').getAttribute('src')).toBe(
      fixtureEns.names[0]!.avatar,
    )
    await expectText(view.accountName, 'alice.eth')
    await eventually(() => view.dialog.locator('img').first().getAttribute('src')).toBe(
      fixtureEns.names[0]!.avatar,
    )
    // An account with a name is not offered another.
    await expectCount(view.chooseName, 0)
  })

  it("sends to a fixture name: the form shows the name's address first, and the ETH reaches it on chain", async () => {
    const bobBefore = await chain().getBalance({ address: bob })
    await connectAndShowAccount(page)
    const view = ui()
    await view.dialog.locator('[data-feature="send"]').click()
    await expectText(view.title, 'Send')
    await view.dialog.locator('[data-latchkit="send-token"]').selectOption('eip155:31337/native')
    await view.dialog.locator('[data-latchkit="send-amount"]').fill('0.5')
    await view.dialog.locator('[data-latchkit="send-receiver"]').fill('bob.eth')
    await expectText(view.dialog.locator('[data-latchkit="send-receiver-note"]'), 'bob.eth: 0x70...dc79C8')
    await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
    await expectText(view.title, 'Review Send')
    await expectText(view.dialog, /bob\.eth/)
    await view.dialog.locator('[data-latchkit="send-confirm"]').click()
    await view.wallet.approve.click()
    await expectText(view.title, 'Account')
    await eventually(() => chain().getBalance({ address: bob })).toBe(bobBefore + parseEther('0.5'))
  })

  it('refuses a name nobody has before anything is sent', async () => {
    await connectAndShowAccount(page)
    const view = ui()
    await view.dialog.locator('[data-feature="send"]').click()
    await view.dialog.locator('[data-latchkit="send-amount"]').fill('0.1')
    await view.dialog.locator('[data-latchkit="send-receiver"]').fill('nobody-at-all.eth')
    await expectText(
      view.dialog.locator('[data-latchkit="send-receiver-note"]'),
      'No address found for nobody-at-all.eth',
    )
    await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
    await expectText(view.dialog.getByRole('alert'), 'No address found for nobody-at-all.eth')
    await expectText(view.title, 'Send')
  })

  it('registers a new name: the wallet signs, the success view shows it, it resolves on chain and shows in the account view', async () => {
    await page.goto(namelessPage.url)
    await connectAndShowAccount(page)
    const view = ui()
    await expectText(view.accountName, '0x3C...4293BC')
    await view.chooseName.click()
    const label = freshLabel('carol')
    const name = `${label}.latch.id`
    await view.nameInput.fill(label)
    await expectText(view.rule, `Your name: ${name}`)
    await eventually(() => view.suggestions.first().textContent()).toBe(`${name}Available`)
    await view.submit.click()
    await expectText(view.wallet.promptTitle, /sign/i)
    await view.wallet.approve.click()
    await expectText(view.registered, `${name} is yours`)
    await eventually(() => ensAddress(name)).toBe(getAddress(nameless))

    await view.dialog.getByRole('button', { name: 'Done' }).click()
    await expectText(view.accountName, name)
    await expectText(view.accountButton, new RegExp(name.replace(/\./g, '\\.')))
    await expectCount(view.chooseName, 0)
  })

  it('keeps Register disabled until the check of the typed name answers, so a taken name never reaches the wallet', async () => {
    // Taken: registered through the API by someone else (an account no page connects).
    const takenLabel = freshLabel('held')
    const signer = privateKeyToAccount(fixtureEns.deployer.privateKey)
    const answer = await call(
      api.url,
      '/v1/profile/account',
      await signedRegistration(signer, `${takenLabel}.latch.id`, 31337),
    )
    expect(answer.status).toBe(200)
    const registrationsBefore = registrationsSeen()

    await page.goto(otherPage.url)
    await connectAndShowAccount(page)
    const view = ui()
    await view.chooseName.click()
    await expectText(view.title, /name/i)

    // The check of the typed name is held by the API until the test lets it answer.
    const checksOf = (label: string) =>
      api.faults.requests.filter((request) => request.path === `/v1/profile/suggestions/${label}`)
    api.faults.set({ hang: true, count: 1, path: `/v1/profile/suggestions/${takenLabel}` })
    try {
      await view.nameInput.fill(takenLabel)
      await eventually(() => checksOf(takenLabel).length).toBe(1)
      // settled: the view shows the check loading from before it asks until the held answer comes.
      expect(await view.submit.isDisabled()).toBe(true)
      // Enter submits the form when Register is enabled; disabled, it does nothing.
      await view.nameInput.press('Enter')
    } finally {
      api.faults.clear()
    }
    await expectText(view.rule, `${takenLabel}.latch.id is already registered`)
    await eventually(() => view.submit.isDisabled()).toBe(true)
    // settled: the Enter above was pressed before the answer that now shows; a prompt, once shown, stays.
    expect(await view.wallet.prompt.isHidden()).toBe(true)
    expect(registrationsSeen()).toBe(registrationsBefore)
  })

  it('refuses an invalid name and a taken one with their messages, and sends nothing', async () => {
    // Taken: registered through the API by someone else (an account no page connects).
    const takenLabel = freshLabel('taken')
    const signer = privateKeyToAccount(fixtureEns.deployer.privateKey)
    const answer = await call(
      api.url,
      '/v1/profile/account',
      await signedRegistration(signer, `${takenLabel}.latch.id`, 31337),
    )
    expect(answer.status).toBe(200)
    const registrationsBefore = registrationsSeen()

    await page.goto(otherPage.url)
    await connectAndShowAccount(page)
    const view = ui()
    await view.chooseName.click()
    await expectText(view.title, /name/i)

    await view.nameInput.fill('abc')
    await expectText(view.rule, 'Letters, digits or hyphen, at least 4 characters')
    await eventually(() => view.submit.isDisabled()).toBe(true)

    await view.nameInput.fill(takenLabel)
    await expectText(view.rule, `${takenLabel}.latch.id is already registered`)
    await eventually(() => view.suggestions.first().getAttribute('data-registered')).toBe('true')
    await eventually(() => view.submit.isDisabled()).toBe(true)
    await eventually(() => ensAddress(`${takenLabel}.latch.id`)).toBe(signer.address)
    // Nothing was signed or sent: no registration reached the API after the test's own.
    await expectHidden(view.wallet.prompt)
    expect(registrationsSeen()).toBe(registrationsBefore)
  })
})
