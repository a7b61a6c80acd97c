/**
 * regionalApi() in Chromium, each page run in a time zone of its own: a visitor in a
 * restricted region (mainland China, Hong Kong, Macau by the browser's time zone) talks to
 * the app's other API host, everyone else to the usual one, and an app may name its own
 * list. Two real `latchkit-server` processes play the two hosts; each one's request log
 * says who was asked for the account's balances.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { serveBundledPage } from '../../support/bundledPage'
import { getDevstack } from '../../support/devstack'
import { runServerCli, type ServerProcess } from '../../support/serverProcess'
import type { StaticServer } from '../../support/static-server'
import { eventually } from '../../support/waiting'

const getBrowser = browserForFile()
const account = fixtureAccounts[2]!.address

let page: StaticServer
let usual: ServerProcess
let regional: ServerProcess
const urls = { usual: '', regional: '' }

beforeAll(async () => {
  const [chain] = getDevstack().chains
  page = await serveBundledPage({
    entry: fileURLToPath(new URL('../../pages/regionalApi.tsx', import.meta.url)),
    title: 'regional API',
    configGlobal: 'regionalApiConfig',
    config: { chainId: chain!.chainId, rpcUrl: chain!.rpcUrl, address: account },
    minify: true,
  })
  const args = [
    '--port',
    '0',
    '--rpc',
    `${chain!.chainId}=${chain!.rpcUrl}`,
    '--cors-origin',
    new URL(page.url).origin,
  ]
  usual = runServerCli(args)
  regional = runServerCli(args)
  ;[urls.usual, urls.regional] = await Promise.all([usual.ready(), regional.ready()])
})
afterAll(async () => {
  for (const server of [usual, regional]) if (server?.child.exitCode === null) server.child.kill('SIGKILL')
  await page?.close()
})

/** How many balance requests for the account each server has logged so far. */
function balanceAsks(server: ServerProcess): number {
  return server
    .lines()
    .filter((line) => line.msg === 'request' && String(line.path).includes(`/v1/account/${account}/balance`))
    .length
}

/**
 * Opens the page in `timeZone`, connects, opens the account, and says which server was asked.
 * settled: it returns once a server's log shows the balance request, and the page's choice
 * is a value set when the page loaded.
 */
async function askedFrom(
  timeZone: string,
  query = '',
): Promise<{ chosen: string; asked: 'usual' | 'regional' }> {
  const before = { usual: balanceAsks(usual), regional: balanceAsks(regional) }
  const { context, blocked } = await newLocalContext(getBrowser(), { timezoneId: timeZone })
  try {
    const tab = await context.newPage()
    const search = new URLSearchParams({ api: urls.usual, restricted: urls.regional })
    await tab.goto(`${page.url}?${search}${query}`)
    await tab.locator('[data-latchkit="connect-button"]').click()
    await tab.getByRole('dialog').locator('button[data-connector="test.wallet"]').click()
    await tab.locator('[data-latchkit="account-button"]').click()
    await eventually(
      () => balanceAsks(usual) - before.usual + balanceAsks(regional) - before.regional,
    ).toBeGreaterThan(0)
    const asked = balanceAsks(usual) > before.usual ? 'usual' : 'regional'
    // Only the chosen one: the other one logged nothing for this visitor.
    const other = asked === 'usual' ? regional : usual
    expect(balanceAsks(other)).toBe(before[asked === 'usual' ? 'regional' : 'usual'])
    expect(blocked).toEqual([])
    const chosen = (await tab.evaluate(() => (window as never as { chosenApi: string }).chosenApi)) as string
    return { chosen, asked }
  } finally {
    await context.close()
  }
}

describe('the API for the visitor’s region', () => {
  it.each(['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Urumqi', 'Asia/Macau'])(
    'a visitor in %s is served by the regional host',
    async (timeZone) => {
      expect(await askedFrom(timeZone)).toEqual({ chosen: urls.regional, asked: 'regional' })
    },
  )

  it('a visitor elsewhere (Europe/Berlin, Asia/Tokyo) is served by the usual host', async () => {
    expect(await askedFrom('Europe/Berlin')).toEqual({ chosen: urls.usual, asked: 'usual' })
    expect(await askedFrom('Asia/Tokyo')).toEqual({ chosen: urls.usual, asked: 'usual' })
  })

  it("follows the app's own list of time zones", async () => {
    expect(await askedFrom('Europe/Berlin', '&zones=Europe/Berlin')).toEqual({
      chosen: urls.regional,
      asked: 'regional',
    })
    expect(await askedFrom('Asia/Shanghai', '&zones=Europe/Berlin')).toEqual({
      chosen: urls.usual,
      asked: 'usual',
    })
  })
})
