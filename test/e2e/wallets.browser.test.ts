/**
 * The demo's wallet registry in Chromium against the local API server and its fixture
 * registry: the All wallets view pages as it scrolls and searches with requests the server
 * sees at least 300 ms apart, an installed wallet is marked and connects directly, and the
 * two wallets used last come first on the Connect view.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoggedRequest } from '../../devstack/api/faults.js'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import {
  eventually,
  expectAttribute,
  expectCount,
  expectText,
  expectTextContaining,
} from '../support/waiting.js'
import { DEV_WALLET_RDNS, demoPagesForFile, ui } from './helpers/demoPage.js'
import { getDemo } from './helpers/demoStack.js'

const openPage = demoPagesForFile()
const SOLANA_WALLET = 'solana:latch-dev-solana'

/** The demo's API server (from the page's own configuration). */
async function apiUrl(): Promise<string> {
  const config = (await (await fetch(new URL('devstack.json', getDemo().url))).json()) as {
    api: { url: string }
  }
  return config.api.url
}

/** How many wallets the registry lists for the demo's networks, asked as the page asks. */
async function registryCount(search?: string): Promise<number> {
  const chains = [
    ...getDemo().chains.map((chain) => `eip155:${chain.chainId}`),
    `solana:${getDemo().solana.genesisHash.slice(0, 32)}`,
  ]
  const url = new URL(`${await apiUrl()}/getWallets`)
  url.search = new URLSearchParams({
    projectId: 'latchkit-demo',
    page: '1',
    entries: '1',
    chains: chains.join(','),
  }).toString()
  if (search) url.searchParams.set('search', search)
  return ((await (await fetch(url)).json()) as { count: number }).count
}

// The demo's API keeps no request log (it runs for hours): registry calls of these pages
// go to an API server of this file's own, on the same chains and fixture registry, which
// logs each call with the time it arrived.
let registryServer: ApiServer
beforeAll(async () => {
  registryServer = await startApiServer({
    chains: getDemo().chains.filter((chain) => chain.inApp),
    names: false,
    analytics: false,
    onramp: false,
  })
})
afterAll(async () => {
  await registryServer?.stop()
})

/** Sends the page's GET /getWallets calls to this file's API server instead of the demo's. */
async function logRegistryCalls(page: Page): Promise<void> {
  await page.route(/\/getWallets\?/, async (route) => {
    const url = new URL(route.request().url())
    const response = await route.fetch({ url: `${registryServer.url}${url.pathname}${url.search}` })
    await route.fulfill({ response })
  })
}

const registryCalls = (): LoggedRequest[] =>
  registryServer.faults.requests.filter((call) => call.path === '/getWallets')

function walletsUi(page: Page) {
  const view = ui(page)
  return {
    ...view,
    allWallets: view.dialog.locator('[data-latchkit="all-wallets-row"] button'),
    allWalletsCount: view.dialog.locator('[data-latchkit="all-wallets-count"]'),
    search: view.dialog.locator('[data-latchkit="wallets-search"]'),
    scroller: view.dialog.locator('[data-latchkit="wallets-scroller"]'),
    items: view.dialog.locator('[data-latchkit="wallets-list"] [data-latchkit="wallet-item"]'),
    item: (name: string) => view.dialog.locator('[data-latchkit="wallet-item"]', { hasText: name }),
    solPromptTitle: page.getByTestId('devwallet-sol-title'),
    solApprove: page.getByTestId('devwallet-sol-approve'),
  }
}

async function openAllWallets(page: Page) {
  const view = walletsUi(page)
  await view.connectButton.click()
  await view.allWallets.click()
  await expectText(view.dialogTitle, 'All wallets')
  return view
}

async function disconnect(view: ReturnType<typeof walletsUi>) {
  await view.dialog.waitFor({ state: 'hidden' })
  await view.accountButton.click()
  await view.dialog.getByRole('button', { name: 'Disconnect' }).click()
  await view.connectButton.waitFor()
}

describe('demo: the wallet registry', () => {
  it('pages past page 3 as the list scrolls, with the count on the All wallets row', async () => {
    const demo = await openPage()
    const total = await registryCount()
    expect(total).toBeGreaterThan(120)
    const view = walletsUi(demo.page)
    await view.connectButton.click()
    await expectText(view.allWalletsCount, String(total))
    // Featured in the demo: Rainbow and Zerion, before the recommended four.
    await expectCount(view.dialog.locator('[data-latchkit="wallet-item"]'), 6)
    await view.allWallets.click()
    await expectCount(view.items, 40)
    for (const shown of [80, 120, Math.min(160, total)]) {
      await view.scroller.evaluate((element) => {
        element.scrollTop = element.scrollHeight
      })
      await expectCount(view.items, shown)
    }
    await expectTextContaining(view.dialog.locator('[data-latchkit="wallets-shown"]'), `/ ${total}`)
  })

  it('searches as the visitor types, the server seeing the searches at least 300 ms apart', async () => {
    const demo = await openPage()
    await logRegistryCalls(demo.page)
    const view = await openAllWallets(demo.page)
    await view.search.waitFor()
    registryServer.faults.clearLog()
    await view.search.click()
    // Fast bursts with pauses just past the debounce, so several searches go out.
    for (const burst of ['ra', 'in', 'b', 'ow']) {
      await view.search.pressSequentially(burst, { delay: 40 })
      await demo.page.waitForTimeout(320)
    }
    await eventually(async () => (await view.items.allTextContents()).map((text) => text.trim())).toEqual([
      'Rainbow',
    ])
    const searches = registryCalls().filter((call) => call.query.search)
    expect(searches.length).toBeGreaterThanOrEqual(2)
    expect(searches.at(-1)?.query.search).toBe('rainbow')
    for (let i = 1; i < searches.length; i++) {
      expect((searches[i]?.at ?? 0) - (searches[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(300)
    }
    // Up to 100 results, each matching.
    await view.search.fill('vault')
    const vaults = await registryCount('vault')
    await expectCount(view.items, Math.min(100, vaults))
    await view.search.fill('no wallet has this name')
    await expectTextContaining(view.dialog, 'No wallet matches')
  })

  it('marks the installed dev wallet and connects it directly; the last two wallets used come first', async () => {
    const demo = await openPage()
    let view = await openAllWallets(demo.page)
    await view.search.fill('Latch Dev')
    const devWallet = view.item('Latch Dev Wallet')
    await expectAttribute(devWallet, 'data-installed', 'true')
    await expectTextContaining(devWallet, 'Installed')
    await devWallet.locator('button').click()
    await expectAttribute(view.connecting, 'data-state', 'waiting')
    await view.wallet.approve.click()
    await expectText(view.summaryAddress, fixtureAccounts[0]!.address)
    await disconnect(view)

    // Then the Solana dev wallet, from the Connect view.
    view = walletsUi(demo.page)
    await view.connectButton.click()
    await view.walletEntry(SOLANA_WALLET).click()
    await expectText(view.solPromptTitle, 'Connection request')
    await view.solApprove.click()
    await view.summaryAddress.waitFor()
    await disconnect(view)

    await view.connectButton.click()
    const recent = view.dialog.locator('button[data-connector]', {
      has: demo.page.locator('.lk-tag', { hasText: 'Recent' }),
    })
    await eventually(() =>
      recent.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-connector'))),
    ).toEqual([SOLANA_WALLET, DEV_WALLET_RDNS])
    // Recent ones lead the installed wallets (WalletConnect's entry comes first of all).
    await eventually(() =>
      view.walletEntries.evaluateAll((rows) =>
        rows
          .map((row) => row.getAttribute('data-connector'))
          .filter((id) => id !== 'walletConnect')
          .slice(0, 2),
      ),
    ).toEqual([SOLANA_WALLET, DEV_WALLET_RDNS])
  })
})
