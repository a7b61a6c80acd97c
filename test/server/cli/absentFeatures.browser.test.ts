/**
 * `latchkit-server` run from the command line with a chain and nothing else, as an
 * integrator first runs it: every feature it was not given answers 501 with its
 * `*_NOT_CONFIGURED` code in the one error shape, `GET /v1/features` says so, and the widget
 * in Chromium, pointed at it, disables Buy and Swap with the reason, offers no name, no
 * Activity tab and no sign-in (its verifier is that server), sends no request to an absent
 * service, and logs no console error.
 */
import { fileURLToPath } from 'node:url'
import type { ConsoleMessage } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { ERROR_CODE_PATTERN } from '../../../server/http/errorAnswer.js'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { serveBundledPage } from '../../support/bundledPage'
import { getDevstack } from '../../support/devstack'
import { reportPageOnFailure } from '../../support/pageOnFailure'
import { runServerCli, type ServerProcess } from '../../support/serverProcess'
import type { StaticServer } from '../../support/static-server'
import { eventually, expectAttribute, expectCount, expectTextContaining } from '../../support/waiting'

const getBrowser = browserForFile()
const p = 'projectId=absent-features'
// An account the fixture ENS names nothing for (the server has no names service anyway).
const account = fixtureAccounts[2]!.address

let page: StaticServer
let run: ServerProcess
let url = ''
let caip = ''

beforeAll(async () => {
  const [chain] = getDevstack().chains
  caip = `eip155:${chain!.chainId}`
  page = await serveBundledPage({
    entry: fileURLToPath(new URL('../../pages/absentFeatures.tsx', import.meta.url)),
    title: 'absent features',
    configGlobal: 'absentFeaturesConfig',
    config: { chainId: chain!.chainId, rpcUrl: chain!.rpcUrl, address: account },
    minify: true,
  })
  run = runServerCli([
    '--port',
    '0',
    '--rpc',
    `${chain!.chainId}=${chain!.rpcUrl}`,
    '--cors-origin',
    new URL(page.url).origin,
  ])
  url = await run.ready()
})
afterAll(async () => {
  if (run?.child.exitCode === null) run.child.kill('SIGKILL')
  await page?.close()
})

/** A 501 in the servers' one error shape, with `code`. */
async function expectNotConfigured(response: Response, code: string): Promise<void> {
  const text = await response.text()
  expect(response.status, text).toBe(501)
  expect(response.headers.get('content-type')).toContain('application/json')
  const body = JSON.parse(text) as Record<string, unknown>
  expect(Object.keys(body).filter((key) => key !== 'reasons')).toEqual(['code', 'message'])
  expect(body.code).toBe(code)
  expect(body.code).toMatch(ERROR_CODE_PATTERN)
  expect(body.message).toMatch(/configured on this server/)
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('latchkit-server with a chain and no other service', () => {
  it('says what it serves on GET /v1/features, and answers each absent feature 501 *_NOT_CONFIGURED', async () => {
    expect(await (await fetch(`${url}/v1/features?${p}`)).json()).toEqual({
      names: false,
      onramp: false,
      history: false,
      swapChains: [],
      siwe: false,
    })
    await expectNotConfigured(await fetch(`${url}/v1/onramp/options?${p}`), 'ONRAMP_NOT_CONFIGURED')
    await expectNotConfigured(
      await fetch(`${url}/v1/convert/tokens?chainId=${caip}&${p}`),
      'SWAPS_NOT_CONFIGURED',
    )
    await expectNotConfigured(
      await fetch(`${url}/v1/convert/gas-price?chainId=${caip}&${p}`),
      'SWAPS_NOT_CONFIGURED',
    )
    await expectNotConfigured(
      await fetch(`${url}/v1/profile/suggestions/somebody?${p}`),
      'NAMES_NOT_CONFIGURED',
    )
    await expectNotConfigured(
      await fetch(
        `${url}/v1/profile/account?${p}`,
        post({ coin_type: 60, address: account, message: '{}', signature: `0x${'1b'.repeat(65)}` }),
      ),
      'NAMES_NOT_CONFIGURED',
    )
    await expectNotConfigured(
      await fetch(`${url}/v1/account/${account}/history?chainId=${caip}&${p}`),
      'HISTORY_NOT_CONFIGURED',
    )
    await expectNotConfigured(await fetch(`${url}/siwe/nonce`), 'SIWE_NOT_CONFIGURED')
    await expectNotConfigured(
      await fetch(`${url}/v1/analytics/events`, post({ projectId: 'p', events: [] })),
      'ANALYTICS_NOT_CONFIGURED',
    )
    // What the widget's analytics plugin asks before it sends anything.
    expect(await (await fetch(`${url}/getAnalyticsConfig?${p}`)).json()).toEqual({
      isAnalyticsEnabled: false,
    })
  })

  it('the widget disables Buy and Swap with the reason, offers no name, no Activity and no sign-in, and the console stays clean', async () => {
    const { context, blocked } = await newLocalContext(getBrowser())
    const messages: { type: string; text: string }[] = []
    try {
      const tab = await context.newPage()
      tab.on('console', (message: ConsoleMessage) =>
        messages.push({ type: message.type(), text: message.text() }),
      )
      tab.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }))
      reportPageOnFailure(tab, 'absent features')
      const answered = run.lines().length
      await tab.goto(`${page.url}?api=${encodeURIComponent(url)}`)

      await tab.locator('[data-latchkit="connect-button"]').click()
      const dialog = tab.getByRole('dialog')
      await dialog.locator('button[data-connector="test.wallet"]').click()
      await tab.locator('[data-latchkit="account-button"]').click()

      const buy = dialog.locator('button[data-feature="onramp"]')
      const swap = dialog.locator('button[data-feature="swaps"]')
      await expectAttribute(buy, 'disabled', '')
      await expectTextContaining(buy, 'Buying is not available in this app')
      await expectAttribute(swap, 'disabled', '')
      await expectTextContaining(swap, 'Swaps are not available in this app')
      // The same answer took these away (it came before the buttons above were disabled).
      await expectCount(dialog.locator('button[data-feature="ens"]'), 0)
      await expectCount(dialog.getByRole('tab', { name: 'Activity' }), 0)
      await expectCount(dialog.getByRole('tab', { name: 'Tokens' }), 1)
      // The sign view waited for the same answer and was never opened; the Account view is.
      await expectCount(dialog.getByRole('heading', { name: 'Sign In' }), 0)
      await eventually(() =>
        tab.evaluate(() => (window as never as { signInState?: () => unknown }).signInState?.()),
      ).toEqual({ unavailable: true, session: null })

      // Nothing was asked of a service the server does not have. settled: the server logs a
      // request before it answers, and the page showed the answers above.
      const paths = run
        .lines()
        .slice(answered)
        .filter((line) => line.msg === 'request')
        .map((line) => `${line.method} ${line.path} ${line.status}`)
      expect(paths.some((line) => line.startsWith('GET /v1/features 200'))).toBe(true)
      expect(
        paths.filter((line) => /onramp|convert|profile|history|analytics\/events|siwe/.test(line)),
      ).toEqual([])
      expect(paths.filter((line) => !/ 2\d\d$/.test(line))).toEqual([])
      expect(blocked).toEqual([])
      // settled: every answer the page waited for has been shown above.
      expect(messages.filter((m) => m.type === 'error' || m.type === 'pageerror')).toEqual([])
    } finally {
      await context.close()
    }
  })
})
