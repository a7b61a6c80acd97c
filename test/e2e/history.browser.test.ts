/**
 * The Activity tab of the demo in Chromium, against the demo's chains, its API server and
 * the index behind the history endpoint: a send through the dev wallet shows at the top as
 * pending, then settles with its title, amount and counterparty; switching chains shows
 * that chain's list; a failing history endpoint (the API's fault switch) shows
 * 'Failed to fetch transactions', and Try again recovers. The sender is account 2, which no
 * other file of the demo's shared chains reads.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Locator } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts, historyAccount } from '../../devstack/fixtures.js'
import { solanaFixtureAccounts } from '../../devstack/solana/fixtures.js'
import { eventually, expectAttribute, expectText, expectVisible } from '../support/waiting.js'
import { connectWithDevWallet, demoPagesForFile, ui } from './helpers/demoPage.js'
import { DEMO_HISTORY_WAIT_MS, demoChain, demoHistoryCaughtUp, getDemo } from './helpers/demoStack.js'

const openPage = demoPagesForFile()
// The stack does not wait for the history index; this file reads it, so it does.
beforeAll(() => demoHistoryCaughtUp(), DEMO_HISTORY_WAIT_MS + 60_000)
const sender = fixtureAccounts[2]!.address as Address
const receiver = fixtureAccounts[3]!.address as Address
const results = fileURLToPath(new URL('../../test-results/', import.meta.url))

/** The demo's API server (from the page's own configuration), for its fault switch. */
async function apiUrl(): Promise<string> {
  const config = (await (await fetch(new URL('devstack.json', getDemo().url))).json()) as {
    api: { url: string }
  }
  return config.api.url
}

async function setFault(fault: object | undefined): Promise<void> {
  const url = `${await apiUrl()}/__faults`
  const response = await fetch(
    url,
    fault
      ? { method: 'POST', body: JSON.stringify(fault), headers: { 'content-type': 'application/json' } }
      : { method: 'DELETE' },
  )
  expect(response.ok).toBe(true)
}

afterEach(async () => {
  await setFault(undefined)
})

/** Connected as `sender`, the account view open on its Activity tab. */
async function openActivity() {
  const demo = await openPage()
  const view = ui(demo.page)
  await connectWithDevWallet(demo.page)
  await view.wallet.account.selectOption(sender)
  await expectText(view.summaryAddress, sender)
  await view.dialog.waitFor({ state: 'hidden' })
  await view.accountButton.click()
  await view.dialog.getByRole('tab', { name: 'Activity' }).click()
  const activity = {
    rows: view.dialog.locator('[data-latchkit="activity-row"]'),
    row: (hash: string) => view.dialog.locator(`[data-latchkit="activity-row"][data-hash="${hash}"]`),
    pending: view.dialog.locator('[data-latchkit="activity-row"][data-status="pending"]'),
    error: view.dialog.locator('[data-latchkit="activity-error"]'),
    empty: view.dialog.locator('[data-latchkit="activity-empty"]'),
  }
  return { demo, view, activity }
}

/** What the API lists for the long-history account on 31337, page by page: the hashes the widget must show, and the spam-only ones it must not. */
async function listedByApi(): Promise<{ shown: string[]; spam: string[] }> {
  const api = await apiUrl()
  const listed: { hash: string; spamOnly: boolean }[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({
      projectId: 'latchkit-demo',
      chainId: 'eip155:31337',
      ...(cursor && { cursor }),
    })
    const page = (await (
      await fetch(`${api}/v1/account/${historyAccount.address}/history?${query}`)
    ).json()) as {
      data: { metadata: { hash: string }; transfers: { nft_info?: { flags: { is_spam: boolean } } }[] }[]
      next: string | null
    }
    for (const tx of page.data) {
      const spamOnly =
        tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags.is_spam === true)
      listed.push({ hash: tx.metadata.hash, spamOnly })
    }
    cursor = page.next
  } while (cursor)
  return {
    shown: listed.filter((tx) => !tx.spamOnly).map((tx) => tx.hash),
    spam: listed.filter((tx) => tx.spamOnly).map((tx) => tx.hash),
  }
}

/** Connected as the long-history account, its Activity tab open with the first rows. */
async function openLongHistory() {
  const demo = await openPage()
  const view = ui(demo.page)
  await connectWithDevWallet(demo.page)
  await view.wallet.account.selectOption(historyAccount.address)
  await expectText(view.summaryAddress, historyAccount.address)
  await view.dialog.waitFor({ state: 'hidden' })
  await view.accountButton.click()
  await view.dialog.getByRole('tab', { name: 'Activity' }).click()
  await expectVisible(view.dialog.locator('[data-latchkit="activity-row"]').first())
  return view
}

/**
 * One step of scrolling down as a person does: the rows in the document (each hash with
 * its place, the row's index in the list, and whether it is in view, inside every box that
 * clips it), the month headings, and whether the list was at its end; then 400 px further
 * down the list (or, when the list does not scroll itself, to its end marker).
 */
function scrollStep(dialog: Locator) {
  // settled: only accumulates what was on screen at some point; the callers' waits judge it.
  return dialog.evaluate((element) => {
    const root = element.getRootNode() as ShadowRoot | Document
    const list = root.querySelector<HTMLElement>('[data-latchkit="activity-list"]')
    const inView = (row: Element) => {
      let { top, bottom } = row.getBoundingClientRect()
      for (let box: Element | null = row.parentElement; box; ) {
        if (getComputedStyle(box).overflowY !== 'visible') {
          const clip = box.getBoundingClientRect()
          top = Math.max(top, clip.top)
          bottom = Math.min(bottom, clip.bottom)
        }
        box = box.parentElement ?? ((box.getRootNode() as ShadowRoot).host || null)
      }
      return Math.min(bottom, window.innerHeight) - Math.max(top, 0) > 1
    }
    const rows = [...root.querySelectorAll('[data-latchkit="activity-row"]')].map((row) => {
      // A virtual row's wrapper says its index; a short list's wrappers are the list's children in order.
      const wrapper = row.parentElement as HTMLElement
      const place = wrapper.dataset.index
        ? Number(wrapper.dataset.index)
        : [...(list?.children ?? [])].indexOf(wrapper)
      return { hash: row.getAttribute('data-hash') ?? '', place, inView: inView(row) }
    })
    const headings = [...root.querySelectorAll('[data-latchkit="activity-month"]')].map(
      (heading) => heading.textContent ?? '',
    )
    const scrolls = list !== null && getComputedStyle(list).overflowY !== 'visible'
    const atEnd =
      list !== null &&
      list.dataset.virtual === 'true' &&
      list.scrollTop + list.clientHeight >= list.scrollHeight - 1 &&
      root.querySelector('[data-latchkit="activity-loading-more"]') === null
    if (scrolls) list.scrollTop += 400
    else root.querySelector('[data-latchkit="activity-end"]')?.scrollIntoView()
    return { rows, headings, atEnd }
  })
}

const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-6)}`

describe('demo: activity', () => {
  it('a send shows as pending at the top, then settles as Sent with its amount and receiver', async () => {
    const { demo, view, activity } = await openActivity()
    // The list is read (empty or not) before the send, as a person would look first.
    await eventually(
      async () => (await activity.rows.count()) + (await activity.empty.count()),
    ).toBeGreaterThan(0)

    const chain = demoChain(31337)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.readContract({
      address: chain.contracts.LUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [receiver],
    })
    await view.dialog.locator('[data-feature="send"]').click()
    await view.dialog
      .locator('[data-latchkit="send-token"]')
      .selectOption(`eip155:31337/${chain.contracts.LUSD}`)
    await view.dialog.locator('[data-latchkit="send-amount"]').fill('1.5')
    await view.dialog.locator('[data-latchkit="send-receiver"]').fill(receiver)
    await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
    await view.dialog.locator('[data-latchkit="send-confirm"]').click()
    await view.wallet.approve.click()
    await expectText(view.dialogTitle, 'Account')

    // Pending first: the wallet accepted it, the list does not have it yet.
    const pending = activity.pending.first()
    await expectVisible(pending)
    await expectText(pending.locator('[data-latchkit="activity-title"]'), 'Sent')
    await expectText(pending.locator('[data-latchkit="activity-amount"]'), '-1.500 LUSD')
    await expectText(pending.locator('[data-latchkit="activity-counterparty"]'), `to ${short(receiver)}`)
    // settled: the row is on screen, and a row's hash is set once, when it is first rendered.
    const hash = await pending.getAttribute('data-hash')
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await demo.page.screenshot({ path: `${results}e2e-activity-pending.png` })

    // Mined: the same transaction, settled in its place, and no longer pending.
    const settled = activity.row(hash!)
    await expectAttribute(settled, 'data-status', 'confirmed')
    await expectText(settled.locator('[data-latchkit="activity-title"]'), 'Sent')
    await expectText(settled.locator('[data-latchkit="activity-amount"]'), '-1.500 LUSD')
    await expectText(settled.locator('[data-latchkit="activity-counterparty"]'), `to ${short(receiver)}`)
    await eventually(() => activity.pending.count()).toBe(0)
    await expectAttribute(activity.rows.first(), 'data-hash', hash!)
    const after = await client.readContract({
      address: chain.contracts.LUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [receiver],
    })
    expect(after - before).toBe(1_500_000n)
    mkdirSync(results, { recursive: true })
    await demo.page.screenshot({ path: `${results}e2e-activity.png` })
  })

  it("switching chains shows that chain's list", async () => {
    const { demo, view, activity } = await openActivity()
    await expectAttribute(activity.rows.first(), 'data-chain', 'eip155:31337')
    await demo.page.keyboard.press('Escape')
    await view.dialog.waitFor({ state: 'hidden' })
    await view.networkButton.click()
    await view.networkRow('eip155:31338').click()
    await view.wallet.approve.click()
    await expectText(view.networkButton, 'Latch Local 31338')
    await view.accountButton.click()
    await view.dialog.getByRole('tab', { name: 'Activity' }).click()
    await expectAttribute(activity.rows.first(), 'data-chain', 'eip155:31338')
    await eventually(() =>
      activity.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-chain'))),
    ).not.toContain('eip155:31337')
  })

  it("a failing history endpoint shows 'Failed to fetch transactions'; Try again recovers", async () => {
    // Enough 503s for every retry of the first read.
    await setFault({ status: 503, count: 8, path: `/v1/account/${sender}/history` })
    const { demo, view, activity } = await openActivity()
    await expectText(activity.error.getByRole('alert'), 'Failed to fetch transactions')
    await setFault(undefined)
    await view.dialog.getByRole('button', { name: 'Try again' }).click()
    await expectVisible(activity.rows.first())
    // The browser logs each 503 it was sent on purpose; any other console error still fails.
    const unexpected = demo.console.filter((message) => !/status of 503/.test(message.text))
    demo.console.splice(0, demo.console.length, ...unexpected)
  })

  it('on Solana: a SOL send settles as Sent with its amount and receiver, in the Solana list', async () => {
    const demo = await openPage()
    const view = ui(demo.page)
    const page = demo.page
    const [solMe, , , solReceiver] = solanaFixtureAccounts.map((account) => account.address) as string[]
    await view.connectButton.click()
    await view.walletEntry('solana:latch-dev-solana').click()
    await expectText(page.getByTestId('devwallet-sol-title'), 'Connection request')
    await page.getByTestId('devwallet-sol-approve').click()
    await expectText(view.summaryAddress, solMe!)
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    await view.dialog.getByRole('tab', { name: 'Activity' }).click()
    const rows = view.dialog.locator('[data-latchkit="activity-row"]')
    const empty = view.dialog.locator('[data-latchkit="activity-empty"]')
    await eventually(async () => (await rows.count()) + (await empty.count())).toBeGreaterThan(0)

    await view.dialog.locator('[data-feature="send"]').click()
    await view.dialog
      .locator('[data-latchkit="send-token"]')
      .selectOption(`${getDemo().solana.caipNetworkId}/native`)
    await view.dialog.locator('[data-latchkit="send-amount"]').fill('0.125')
    await view.dialog.locator('[data-latchkit="send-receiver"]').fill(solReceiver!)
    await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
    await view.dialog.locator('[data-latchkit="send-confirm"]').click()
    await expectText(page.getByTestId('devwallet-sol-title'), 'Send transaction')
    await page.getByTestId('devwallet-sol-approve').click()
    await expectText(view.dialogTitle, 'Account')

    const sent = rows.first()
    await expectAttribute(sent, 'data-status', 'confirmed')
    await expectAttribute(sent, 'data-chain', getDemo().solana.caipNetworkId)
    await expectText(sent.locator('[data-latchkit="activity-title"]'), 'Sent')
    await expectText(sent.locator('[data-latchkit="activity-amount"]'), '-0.125 SOL')
    await expectText(sent.locator('[data-latchkit="activity-counterparty"]'), `to ${short(solReceiver!)}`)
  })

  it('pages through two years of the seeded account as it scrolls, by month, and never shows a spam-only transaction', async () => {
    const { shown, spam } = await listedByApi()
    expect(shown.length).toBeGreaterThan(40)
    expect(spam.length).toBeGreaterThan(0)

    const view = await openLongHistory()
    // Scroll down as a person does, noting every row and month heading that was on screen.
    const seen = new Set<string>()
    const months = new Set<string>()
    const scrollOn = async () => {
      const found = await scrollStep(view.dialog)
      for (const { hash } of found.rows) seen.add(hash)
      for (const heading of found.headings) months.add(heading)
      return seen.size
    }
    await eventually(scrollOn, { timeout: 60_000 }).toBeGreaterThanOrEqual(shown.length)
    expect([...seen].sort()).toEqual([...shown].sort())
    for (const hash of spam) expect(seen.has(hash)).toBe(false)
    // Newest month first; both calendar years are there.
    expect([...months].some((month) => month.endsWith('2026'))).toBe(true)
    expect([...months].some((month) => month.endsWith('2025'))).toBe(true)
    expect([...months][0]).toMatch(/2026$/)
    await expectAttribute(view.dialog.locator('[data-latchkit="activity-list"]'), 'data-virtual', 'true')
  })

  it('scrolled to the end, the long history shows every hash exactly once, each always at the same place', async () => {
    const { shown } = await listedByApi()
    const view = await openLongHistory()
    // Every place (row index in the list) each hash was rendered at, over the whole scroll.
    const places = new Map<string, Set<number>>()
    const twiceAtOnce: string[] = []
    // Scrolling only down, a row that has left the view never comes back: a person reads each once.
    const inViewBefore = new Set<string>()
    const leftView = new Set<string>()
    const seenAgain = new Set<string>()
    let atEnd = false
    const scrollOn = async () => {
      const found = await scrollStep(view.dialog)
      const rendered = found.rows.map((row) => row.hash)
      twiceAtOnce.push(...rendered.filter((hash, i) => rendered.indexOf(hash) !== i))
      for (const { hash, place } of found.rows) places.set(hash, (places.get(hash) ?? new Set()).add(place))
      const inView = new Set(found.rows.filter((row) => row.inView).map((row) => row.hash))
      for (const hash of inView) if (leftView.has(hash)) seenAgain.add(hash)
      for (const hash of inViewBefore) if (!inView.has(hash)) leftView.add(hash)
      for (const hash of inView) inViewBefore.add(hash)
      atEnd = found.atEnd
      return places.size >= shown.length && atEnd
    }
    await eventually(scrollOn, { timeout: 90_000 }).toBe(true)
    // A few more steps at the end: a page landing late would still move or repeat rows.
    for (let step = 0; step < 3; step++) await scrollOn()
    expect(twiceAtOnce).toEqual([])
    expect([...seenAgain]).toEqual([])
    const moved = [...places].filter(([, at]) => at.size > 1).map(([hash, at]) => `${hash} at ${[...at]}`)
    expect(moved).toEqual([])
    expect([...places.keys()].sort()).toEqual([...shown].sort())
  })
})
