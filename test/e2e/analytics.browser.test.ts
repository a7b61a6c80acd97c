/**
 * Analytics in Chromium against the real parts: the analytics plugin on the test page,
 * its beacons to the local API's collector, and the project config it asks first. On,
 * the connect funnel arrives in the collector by method; with the project's analytics off,
 * or the plugin turned off, the collector gets no request at all (counted on the server).
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../devstack/api/server.js'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { DEV_WALLET_RDNS } from '../../devstack/dev-wallet/index.js'
import type { AnalyticsFunnel } from '../../server/analytics/createAnalyticsCollector.js'
import { serveSendTestPage } from '../plugins/send/sendBrowserPage/serve.js'
import { browserForFile } from '../support/browser-for-file.js'
import type { StaticServer } from '../support/static-server.js'
import { eventually, expectText } from '../support/waiting.js'
import { connectAndShowAccount, pagePerTest } from './helpers/sendTestPageSession.js'

const getBrowser = browserForFile()
let stack: StartedChains
let api: ApiServer
let pages: Record<'on' | 'projectOff' | 'pluginOff', StaticServer>
let page: Page
let context: BrowserContext

beforeAll(async () => {
  stack = await startChains({ chainIds: [31337] })
  const chain = { chainId: 31337, name: 'Local 31337', rpcUrl: stack.chains[0]!.rpcUrl }
  api = await startApiServer({ chains: stack.chains })
  // The project in the endpoint's query too, so the server's request log tells pages apart.
  const serve = (projectId: string, enabled = true) =>
    serveSendTestPage({
      appChains: [chain],
      walletChains: [chain],
      accounts: stack.accounts.map((account) => account.address),
      apiUrl: api.url,
      analytics: { endpoint: `${api.url}/v1/analytics/events?projectId=${projectId}`, enabled, projectId },
    })
  const [on, projectOff, pluginOff] = await Promise.all([
    serve('analytics-on'),
    serve('analytics-project-off'),
    serve('analytics-plugin-off', false),
  ])
  pages = { on: on!, projectOff: projectOff!, pluginOff: pluginOff! }
}, 60_000)
afterAll(async () => {
  await Promise.all([
    ...Object.values(pages ?? {}).map((server) => server.close()),
    api?.stop(),
    stack?.stop(),
  ])
})

pagePerTest(
  getBrowser,
  () => 'about:blank',
  (opened) => {
    ;({ page, context } = opened)
  },
)

const logged = (path: string, projectId: string) =>
  api.faults.requests.filter((request) => request.path === path && request.query.projectId === projectId)
    .length
const beaconsOf = (projectId: string) => logged('/v1/analytics/events', projectId)
const configAsksOf = (projectId: string) => logged('/getAnalyticsConfig', projectId)

async function funnel(projectId: string): Promise<AnalyticsFunnel> {
  const response = await fetch(`${api.url}/v1/analytics/funnel?projectId=${projectId}`)
  return (await response.json()) as AnalyticsFunnel
}

/** Connects on `url`'s page, then closes it: a page that counts has sent everything by then. */
async function connectAndLeave(url: string): Promise<void> {
  await page.goto(url)
  await connectAndShowAccount(page)
  await expectText(page.getByRole('dialog').locator('.lk-title'), 'Account')
  await page.close({ runBeforeUnload: true })
}

/**
 * The same visit on the page that counts, after: once its beacons are in, any beacon of
 * the visit before would be in too.
 */
async function aVisitThatCounts(): Promise<void> {
  const before = (await funnel('analytics-on')).opens
  page = await context.newPage()
  await connectAndLeave(pages.on.url)
  await eventually(async () => (await funnel('analytics-on')).opens, { timeout: 15_000 }).toBeGreaterThan(
    before,
  )
}

describe('analytics through the collector', () => {
  it('on: the connect funnel arrives in the collector by method', async () => {
    await connectAndLeave(pages.on.url)
    await eventually(() => funnel('analytics-on'), { timeout: 15_000 }).toMatchObject({
      attempts: { [DEV_WALLET_RDNS]: 1 },
      successes: { [DEV_WALLET_RDNS]: 1 },
    })
    expect((await funnel('analytics-on')).opens).toBeGreaterThanOrEqual(1)
  })

  it("off in the project's config: the page asks it, then sends the collector nothing", async () => {
    api.settings.analyticsEnabled = false
    try {
      await page.goto(pages.projectOff.url)
      await eventually(() => configAsksOf('analytics-project-off')).toBe(1)
      await connectAndLeave(pages.projectOff.url)
    } finally {
      api.settings.analyticsEnabled = true
    }
    await aVisitThatCounts()
    expect(beaconsOf('analytics-project-off')).toBe(0)
  })

  it('turned off by the integrator: no request at all, not even for the config', async () => {
    await connectAndLeave(pages.pluginOff.url)
    await aVisitThatCounts()
    expect(configAsksOf('analytics-plugin-off')).toBe(0)
    expect(beaconsOf('analytics-plugin-off')).toBe(0)
  })
})
