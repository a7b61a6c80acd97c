/**
 * The Activity tab while the history index is still starting, in Chromium: the widget on
 * the send test page against this file's own chain and API server, whose EVM history
 * source first points at an indexer that does not listen yet (so the API answers 503
 * `HISTORY_INDEXING`), then at a real Ponder indexer started late. The list says the
 * history is on its way instead of 'Failed to fetch transactions', a send made meanwhile
 * shows as pending, and once the index has caught up the rows show and the send settles,
 * without a click.
 */
import type { Page } from 'playwright-core'
import { type Address, createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { findFreePort } from '../../devstack/free-port.js'
import type { HistorySource } from '../../server/api/historySource.js'
import { createEvmHistorySource } from '../../server/indexer/evm/evmHistorySource.js'
import {
  type BackgroundEvmIndexer,
  startEvmIndexerInBackground,
} from '../../server/indexer/evm/startEvmIndexerInBackground.js'
import { serveSendTestPage } from '../plugins/send/sendBrowserPage/serve.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import { eventually, expectAttribute, expectCount, expectText, expectVisible } from '../support/waiting.js'
import { walletPanel } from './helpers/devWalletDriver.js'
import { connectAndShowAccount, pagePerTest } from './helpers/sendTestPageSession.js'

const getBrowser = browserForFile()
let stack: StartedChains
let api: ApiServer
let server: StaticServer
let indexer: BackgroundEvmIndexer | undefined
let page: Page
/** Where the API reads history from now: an indexer that does not listen, then a real one. */
let source: HistorySource

const [, bob] = fixtureAccounts.map((account) => account.address) as [Address, Address]

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337] })
  source = createEvmHistorySource(`http://127.0.0.1:${await findFreePort()}`, [31337])
  api = await startApiServer({
    chains: stack.chains,
    history: [{ covers: (chainId) => chainId === 'eip155:31337', history: (query) => source.history(query) }],
  })
  const app = { chainId: 31337, name: 'Local 31337', rpcUrl: stack.chains[0]!.rpcUrl }
  server = await serveSendTestPage({
    appChains: [app],
    walletChains: [app],
    accounts: stack.accounts.map((account) => account.address),
    apiUrl: api.url,
    history: true,
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.close(), api?.stop(), indexer?.stop()])
  await stack?.stop()
})

pagePerTest(
  getBrowser,
  () => server.url,
  (opened) => {
    ;({ page } = opened)
  },
)

describe('activity while the history index starts', () => {
  it('shows that history is on its way and the pending send, then the rows once the index answers', async () => {
    const dialog = page.getByRole('dialog')
    const activity = {
      tab: dialog.getByRole('tab', { name: 'Activity' }),
      indexing: dialog.locator('[data-latchkit="activity-indexing"]'),
      error: dialog.locator('[data-latchkit="activity-error"]'),
      rows: dialog.locator('[data-latchkit="activity-row"]'),
      pending: dialog.locator('[data-latchkit="activity-row"][data-status="pending"]'),
    }
    await connectAndShowAccount(page)
    await activity.tab.click()
    // The kernel retries the 503s on their Retry-After first (about 10 s), then the list says why it waits.
    await expectText(activity.indexing.locator('p').first(), 'Your activity is on its way', {
      timeout: 45_000,
    })
    await expectCount(activity.error, 0)

    await dialog.locator('[data-feature="send"]').click()
    await dialog.locator('[data-latchkit="send-token"]').selectOption('eip155:31337/native')
    await dialog.locator('[data-latchkit="send-amount"]').fill('0.5')
    await dialog.locator('[data-latchkit="send-receiver"]').fill(bob)
    await dialog.getByRole('button', { name: 'Preview Send' }).click()
    await dialog.locator('[data-latchkit="send-confirm"]').click()
    await walletPanel(page).approve.click()
    await expectText(dialog.locator('.lk-title'), 'Account')
    await activity.tab.click()

    // The visitor's own send is on screen while history still waits for the index.
    const pending = activity.pending.first()
    await expectVisible(pending)
    // settled: the row is on screen, and a row's hash is set once, when it is first rendered.
    const hash = await pending.getAttribute('data-hash')
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expectVisible(activity.indexing)
    await expectCount(activity.error, 0)

    // The indexer starts late; the list asks again by itself and fills in once it has caught up.
    const rpcUrl = stack.chains[0]!.rpcUrl
    indexer = await startEvmIndexerInBackground({
      chains: [{ chainId: 31337, rpcUrl }],
      pollingIntervalMs: 200,
    })
    indexer.ready.catch(() => {})
    source = indexer.source
    const settled = dialog.locator(`[data-latchkit="activity-row"][data-hash="${hash}"]`)
    await eventually(() => settled.getAttribute('data-status'), { timeout: 240_000 }).toBe('confirmed')
    await expectCount(activity.pending, 0)
    await expectCount(activity.indexing, 0)
    await expectCount(activity.error, 0)
    await expectAttribute(activity.rows.first(), 'data-hash', hash!)
    await eventually(() => activity.rows.count()).toBeGreaterThan(1)
    const mined = await createPublicClient({ transport: http(rpcUrl) }).getTransactionReceipt({
      hash: hash as `0x${string}`,
    })
    expect(mined.status).toBe('success')
  }, 300_000)
})
