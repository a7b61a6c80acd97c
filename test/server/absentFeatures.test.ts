/**
 * `latchkit-server` run from the command line with a chain and nothing else, as an
 * integrator first runs it: every feature it was not given answers 501 with its
 * `*_NOT_CONFIGURED` code in the one error shape, and `GET /v1/features` says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../devstack/fixtures'
import { ERROR_CODE_PATTERN } from '../../server/http/errorAnswer.js'
import { getDevstack } from '../support/devstack'
import { runServerCli, type ServerProcess } from '../support/serverProcess'

const p = 'projectId=absent-features'
// An account the fixture ENS names nothing for (the server has no names service anyway).
const account = fixtureAccounts[2]!.address

let run: ServerProcess
let url = ''
let caip = ''

beforeAll(async () => {
  const [chain] = getDevstack().chains
  caip = `eip155:${chain!.chainId}`
  run = runServerCli(['--port', '0', '--rpc', `${chain!.chainId}=${chain!.rpcUrl}`])
  url = await run.ready()
})
afterAll(async () => {
  if (run?.child.exitCode === null) run.child.kill('SIGKILL')
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
  expect(body.message).toMatch(/not configured on this server/)
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
})
