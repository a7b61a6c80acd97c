/**
 * The dev wallet on its own, in Chromium against real anvil chains: EIP-6963
 * announcements, consent prompts clicked in the panel, signatures and transactions signed
 * by anvil, chain switching and adding, permissions remembered across reloads.
 */
import type { BrowserContext, Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  recoverMessageAddress,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import type { DevWalletChain } from '../../devstack/dev-wallet/index.js'
import { fixtureAccounts, fixtureContracts } from '../../devstack/fixtures.js'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import {
  eventually,
  expectHidden,
  expectText,
  expectTextContaining,
  expectVisible,
} from '../support/waiting.js'
import { eventsInPage, installInPage, requestInPage, walletPanel } from './helpers/devWalletDriver.js'
import { serveDevWalletPage } from './helpers/devWalletPage.js'

const getBrowser = browserForFile()
let stack: StartedChains
let server: StaticServer
let chains: DevWalletChain[]
let context: BrowserContext
let page: Page
let blocked: string[]

const account0 = fixtureAccounts[0]!.address
const account1 = fixtureAccounts[1]!.address

beforeAll(async () => {
  // Own chains: this file sends transactions, which the shared chains must not see.
  ;[stack, server] = await Promise.all([startChains(), serveDevWalletPage()])
  chains = stack.chains.map((chain) => ({
    chainId: chain.chainId,
    name: `Local ${chain.chainId}`,
    rpcUrl: chain.rpcUrl,
  }))
}, 60_000)
afterAll(async () => {
  await Promise.all([stack?.stop(), server?.close()])
})

beforeEach(async () => {
  ;({ context, blocked } = await newLocalContext(getBrowser()))
  page = await context.newPage()
  await page.goto(server.url)
})
afterEach(async () => {
  expect(blocked).toEqual([])
  await context.close()
})

const accounts = fixtureAccounts.map((account) => account.address)

describe('dev wallet: EIP-6963', () => {
  it('announces once at install and again on every eip6963:requestProvider', async () => {
    // settled: the page listens, installs and asks again in one synchronous run, and returns what it heard.
    const seen = await page.evaluate((chains) => {
      const seen: Array<Record<string, unknown>> = []
      window.addEventListener('eip6963:announceProvider', (event) => {
        const { info, provider } = (event as CustomEvent).detail
        seen.push({ ...info, frozen: Object.isFrozen(info), request: typeof provider.request })
      })
      window.LatchDevWallet.installDevWallet({ chains })
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      return seen
    }, chains)
    expect(seen).toHaveLength(2)
    expect(seen[0]).toEqual(seen[1])
    expect(seen[0]).toMatchObject({
      name: 'Latch Dev Wallet',
      rdns: 'dev.latchkit.wallet',
      frozen: true,
      request: 'function',
    })
    expect(seen[0]?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(seen[0]?.icon).toMatch(/^data:image\/svg\+xml,/)
  })

  it('says plainly when installed without chains', async () => {
    // settled: the install throws synchronously; this is its error, not the page's state.
    const message = await page
      .evaluate(() => window.LatchDevWallet.installDevWallet({ chains: [] }))
      .then(
        () => 'installed',
        (error: Error) => error.message,
      )
    expect(message).toMatch(/needs at least one chain/)
  })
})

describe('dev wallet: accounts and consent', () => {
  it('lists no account until the site is approved, then remembers it across a reload', async () => {
    await installInPage(page, { chains })
    const panel = walletPanel(page)
    await expectText(panel.siteStatus, /^Not connected to 127\.0\.0\.1:\d+$/)
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [] })

    const connecting = requestInPage(page, 'eth_requestAccounts')
    await expectVisible(panel.prompt)
    await expectText(panel.promptTitle, 'Connection request')
    await expectTextContaining(panel.prompt, 'eth_requestAccounts', new URL(server.url).origin, account0)
    await panel.approve.click()
    expect(await connecting).toEqual({ ok: true, result: [account0] })
    await expectHidden(panel.prompt)
    await eventually(() => eventsInPage(page)).toContainEqual(['accountsChanged', [account0]])
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [account0] })

    await page.reload()
    await installInPage(page, { chains })
    // Already approved: no prompt, the account comes back at once.
    expect(await requestInPage(page, 'eth_requestAccounts')).toEqual({ ok: true, result: [account0] })
    await expectHidden(panel.prompt)
    await expectText(panel.siteStatus, /^Connected to /)
  })

  it('answers 4001 when the person rejects, and prompts again next time', async () => {
    await installInPage(page, { chains, accounts })
    const panel = walletPanel(page)
    const first = requestInPage(page, 'eth_requestAccounts')
    await panel.reject.click()
    expect(await first).toEqual({ ok: false, code: 4001, message: 'User rejected the request.' })
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [] })

    const second = requestInPage(page, 'eth_requestAccounts')
    await panel.approve.click()
    expect(await second).toEqual({ ok: true, result: [account0] })
  })

  it('joins concurrent connection requests into one prompt', async () => {
    await installInPage(page, { chains, accounts })
    const both = Promise.all([
      requestInPage(page, 'eth_requestAccounts'),
      requestInPage(page, 'eth_requestAccounts'),
    ])
    await walletPanel(page).approve.click()
    expect(await both).toEqual([
      { ok: true, result: [account0] },
      { ok: true, result: [account0] },
    ])
    await eventually(() => page.evaluate(() => window.devWallet.controller.pending())).toEqual([])
  })

  it('switches account from the panel, and forgets the site on Disconnect and on wallet_revokePermissions', async () => {
    await installInPage(page, { chains, accounts })
    const panel = walletPanel(page)
    const connecting = requestInPage(page, 'eth_requestAccounts')
    await panel.approve.click()
    await connecting

    await panel.account.selectOption(account1)
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [account1] })
    await eventually(() => eventsInPage(page)).toContainEqual(['accountsChanged', [account1]])

    await panel.disconnect.click()
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [] })
    await eventually(async () => (await eventsInPage(page)).at(-1)).toEqual(['accountsChanged', []])
    await eventually(() => panel.disconnect.isDisabled()).toBe(true)

    const again = requestInPage(page, 'eth_requestAccounts')
    await panel.approve.click()
    // The selected account is remembered: reconnecting shares account 1.
    expect(await again).toEqual({ ok: true, result: [account1] })
    expect(await requestInPage(page, 'wallet_getPermissions')).toMatchObject({
      ok: true,
      result: [{ parentCapability: 'eth_accounts', caveats: [{ value: [account1] }] }],
    })
    expect(await requestInPage(page, 'wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({
      ok: true,
      result: null,
    })
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [] })

    await page.reload()
    await installInPage(page, { chains, accounts })
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [] })
  })

  it('refuses signing before the site is connected, and node administration always', async () => {
    await installInPage(page, { chains, accounts })
    expect(await requestInPage(page, 'personal_sign', ['0x68656c6c6f', account0])).toMatchObject({
      ok: false,
      code: 4100,
    })
    expect(await requestInPage(page, 'anvil_setBalance', [account0, '0x0'])).toMatchObject({
      ok: false,
      code: 4200,
    })
    expect(await requestInPage(page, 'eth_sign', [account0, '0x00'])).toMatchObject({ ok: false, code: 4200 })
  })
})

describe('dev wallet: signing and sending through anvil', () => {
  beforeEach(async () => {
    await installInPage(page, { chains, accounts })
    const connecting = requestInPage(page, 'eth_requestAccounts')
    await walletPanel(page).approve.click()
    await connecting
  })

  it('signs a personal_sign message that recovers to the account, showing the text as text', async () => {
    const panel = walletPanel(page)
    const message = 'Sign in to latchkit <img src=x onerror="window.pwned=1">'
    const hex = `0x${Buffer.from(message).toString('hex')}` as Hex
    const signing = requestInPage(page, 'personal_sign', [hex, account0])
    await expectVisible(panel.prompt)
    await expectTextContaining(panel.prompt, message)
    // Shown as text: no element was made from the message (the message is on screen, so
    // anything made from it would be too).
    await eventually(() =>
      page.evaluate(
        () => document.querySelector('#latchkit-dev-wallet')?.shadowRoot?.querySelectorAll('img').length,
      ),
    ).toBe(0)
    await panel.approve.click()
    const outcome = await signing
    expect(outcome.ok).toBe(true)
    const signature = (outcome as { result: Hex }).result
    expect(await recoverMessageAddress({ message, signature })).toBe(account0)
    // settled: the message has been on screen since before the approval; a handler made from it would have run.
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false)
  })

  it('signs EIP-712 typed data, and refuses a domain on another chain', async () => {
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      domain: { name: 'latchkit', chainId: chains[0]!.chainId },
      message: { text: 'hello' },
    } as const
    const signing = requestInPage(page, 'eth_signTypedData_v4', [account0, JSON.stringify(typedData)])
    const panel = walletPanel(page)
    await expectVisible(panel.prompt)
    await expectTextContaining(panel.prompt, 'Greeting')
    await panel.approve.click()
    const outcome = await signing
    expect(outcome.ok).toBe(true)
    const valid = await verifyTypedData({
      address: account0,
      domain: typedData.domain,
      types: { Greeting: typedData.types.Greeting },
      primaryType: 'Greeting',
      message: typedData.message,
      signature: (outcome as { result: Hex }).result,
    })
    expect(valid).toBe(true)

    const otherChain = { ...typedData, domain: { ...typedData.domain, chainId: 1 } }
    expect(
      await requestInPage(page, 'eth_signTypedData_v4', [account0, JSON.stringify(otherChain)]),
    ).toMatchObject({
      ok: false,
      code: -32602,
    })
  })

  it('sends ether after approval, describing recipient and value', async () => {
    const client = createPublicClient({ transport: http(chains[0]!.rpcUrl) })
    const recipient = fixtureAccounts[3]!.address
    const before = await client.getBalance({ address: recipient })
    const sending = requestInPage(page, 'eth_sendTransaction', [
      { from: account0, to: recipient, value: `0x${parseEther('1.5').toString(16)}` },
    ])
    const panel = walletPanel(page)
    await expectVisible(panel.prompt)
    await expectTextContaining(
      panel.prompt,
      'Transaction request',
      recipient,
      '1.5 ETH',
      'none (plain transfer)',
    )
    await panel.approve.click()
    const outcome = await sending
    expect(outcome.ok).toBe(true)
    const receipt = await client.waitForTransactionReceipt({ hash: (outcome as { result: Hex }).result })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('1.5'))
  })

  it('decodes an ERC-20 transfer with the token symbol and decimals', async () => {
    const recipient = fixtureAccounts[2]!.address as Address
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1_500_000n],
    })
    const sending = requestInPage(page, 'eth_sendTransaction', [
      { from: account0, to: fixtureContracts.LUSD, data },
    ])
    const panel = walletPanel(page)
    await expectVisible(panel.prompt)
    await expectTextContaining(panel.prompt, `ERC-20 transfer of 1.5 LUSD to ${recipient}`)
    await panel.reject.click()
    expect(await sending).toEqual({ ok: false, code: 4001, message: 'User rejected the request.' })
  })

  it('refuses a transaction from an account the site was not given', async () => {
    expect(
      await requestInPage(page, 'eth_sendTransaction', [{ from: account1, to: account0, value: '0x1' }]),
    ).toMatchObject({ ok: false, code: 4100 })
  })
})

describe('dev wallet: EIP-5792 call bundles', () => {
  const connectWith = async (options: { sendCalls?: boolean } = {}) => {
    await installInPage(page, { chains, accounts, ...options })
    const connecting = requestInPage(page, 'eth_requestAccounts')
    await walletPanel(page).approve.click()
    await connecting
  }
  const chainHex = () => `0x${chains[0]!.chainId.toString(16)}`

  it('says per chain that it batches without atomicity, and runs a bundle after one prompt listing every call', async () => {
    await connectWith()
    expect(await requestInPage(page, 'wallet_getCapabilities', [account0, [chainHex()]])).toEqual({
      ok: true,
      result: { [chainHex()]: { atomic: { status: 'unsupported' } } },
    })
    const client = createPublicClient({ transport: http(chains[0]!.rpcUrl) })
    const recipient = fixtureAccounts[2]!.address as Address
    const [ethBefore, lusdBefore] = await Promise.all([
      client.getBalance({ address: recipient }),
      client.readContract({
        address: fixtureContracts.LUSD,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ])
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 2_500_000n],
    })
    const sending = requestInPage(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        from: account0,
        chainId: chainHex(),
        atomicRequired: false,
        calls: [
          { to: fixtureContracts.LUSD, data: transfer },
          { to: recipient, value: `0x${parseEther('0.25').toString(16)}` },
        ],
      },
    ])
    const panel = walletPanel(page)
    await expectText(panel.promptTitle, 'Batched transactions request')
    await expectTextContaining(
      panel.prompt,
      `ERC-20 transfer of 2.5 LUSD to ${recipient}`,
      '0.25 ETH',
      '2, sent one after another (not atomic)',
    )
    await panel.approve.click()
    const outcome = await sending
    expect(outcome.ok).toBe(true)
    const { id } = (outcome as { result: { id: string } }).result
    await eventually(async () => {
      const status = await requestInPage(page, 'wallet_getCallsStatus', [id])
      return (status as { result?: { status: number } }).result?.status
    }).toBe(200)
    const status = (await requestInPage(page, 'wallet_getCallsStatus', [id])) as {
      result: { atomic: boolean; receipts: Array<{ status: string }> }
    }
    expect(status.result.atomic).toBe(false)
    expect(status.result.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(await client.getBalance({ address: recipient })).toBe(ethBefore + parseEther('0.25'))
    expect(
      await client.readContract({
        address: fixtureContracts.LUSD,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(lusdBefore + 2_500_000n)
    expect(await requestInPage(page, 'wallet_showCallsStatus', [id])).toEqual({ ok: true, result: null })
  })

  it('answers with the EIP-5792 codes: atomicity (5760), another chain (5710), unknown bundle (5730), too large (5740)', async () => {
    await connectWith()
    const bundle = (overrides: Record<string, unknown>) => [
      {
        version: '2.0.0',
        from: account0,
        chainId: chainHex(),
        calls: [{ to: account1, value: '0x1' }],
        ...overrides,
      },
    ]
    expect(await requestInPage(page, 'wallet_sendCalls', bundle({ atomicRequired: true }))).toMatchObject({
      ok: false,
      code: 5760,
    })
    expect(await requestInPage(page, 'wallet_sendCalls', bundle({ chainId: '0x1' }))).toMatchObject({
      ok: false,
      code: 5710,
    })
    expect(
      await requestInPage(page, 'wallet_sendCalls', bundle({ calls: Array(11).fill({ to: account1 }) })),
    ).toMatchObject({ ok: false, code: 5740 })
    expect(await requestInPage(page, 'wallet_getCallsStatus', ['0x1234'])).toMatchObject({
      ok: false,
      code: 5730,
    })
    await expectHidden(walletPanel(page).prompt)
  })

  it('installed without EIP-5792, it answers 4200 to every one of its methods', async () => {
    await connectWith({ sendCalls: false })
    for (const method of [
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_showCallsStatus',
    ]) {
      expect(await requestInPage(page, method, [account0])).toMatchObject({ ok: false, code: 4200 })
    }
  })
})

describe('dev wallet: networks', () => {
  it('answers 4902 for an unknown chain, adds it after approval and switches with chainChanged', async () => {
    const [first, second] = chains as [DevWalletChain, DevWalletChain]
    await installInPage(page, { chains: [first], accounts })
    const panel = walletPanel(page)
    const secondHex = `0x${second.chainId.toString(16)}`
    expect(await requestInPage(page, 'eth_chainId')).toEqual({
      ok: true,
      result: `0x${first.chainId.toString(16)}`,
    })
    expect(await requestInPage(page, 'wallet_switchEthereumChain', [{ chainId: secondHex }])).toMatchObject({
      ok: false,
      code: 4902,
    })

    const adding = requestInPage(page, 'wallet_addEthereumChain', [
      {
        chainId: secondHex,
        chainName: 'Second local',
        rpcUrls: [second.rpcUrl],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ])
    await expectVisible(panel.prompt)
    await expectText(panel.promptTitle, 'Add network')
    await panel.approve.click()
    expect(await adding).toEqual({ ok: true, result: null })
    expect(await requestInPage(page, 'eth_chainId')).toEqual({ ok: true, result: secondHex })
    await eventually(() => eventsInPage(page)).toContainEqual(['chainChanged', secondHex])
    // Reads go to the chain now selected.
    expect(await requestInPage(page, 'net_version')).toEqual({ ok: true, result: String(second.chainId) })

    const back = requestInPage(page, 'wallet_switchEthereumChain', [
      { chainId: `0x${first.chainId.toString(16)}` },
    ])
    await expectVisible(panel.prompt)
    await expectText(panel.promptTitle, 'Switch network')
    await panel.approve.click()
    expect(await back).toEqual({ ok: true, result: null })

    // The added chain is remembered with the wallet.
    await page.reload()
    await installInPage(page, { chains: [first], accounts })
    await eventually(() => panel.network.locator('option').allTextContents()).toEqual([
      `${first.name} (chain ${first.chainId})`,
      `Second local (chain ${second.chainId})`,
    ])
  })

  it('switches network from the panel and emits chainChanged in hex', async () => {
    await installInPage(page, { chains, accounts })
    const panel = walletPanel(page)
    await panel.network.selectOption(String(chains[1]!.chainId))
    const hex = `0x${chains[1]!.chainId.toString(16)}`
    await eventually(() => eventsInPage(page)).toContainEqual(['chainChanged', hex])
    expect(await requestInPage(page, 'eth_chainId')).toEqual({ ok: true, result: hex })
    const client = createPublicClient({ transport: http(chains[1]!.rpcUrl) })
    expect(await requestInPage(page, 'eth_blockNumber')).toEqual({
      ok: true,
      result: `0x${(await client.getBlockNumber()).toString(16)}`,
    })
  })
})
