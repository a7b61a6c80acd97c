/**
 * The analytics collector over real HTTP, as the analytics plugin reaches it: batches sent
 * as sendBeacon sends them (a text/plain JSON body), counted into the connect funnel by
 * method, kept apart per project and filtered by time; bad batches refused whole with a
 * JSON 400 (413 over the body limit) and nothing stored; the funnel page escapes what the
 * widget sent and forbids scripts.
 */
import { describe, expect, it } from 'vitest'
import type { AnalyticsFunnel } from '../../../server/analytics/createAnalyticsCollector'
import { funnelPage } from '../../../server/analytics/createAnalyticsCollector'
import { getDevstack } from '../../support/devstack'
import { expectErrorShape } from '../../support/errorShape'
import { apiServerForFile } from '../api/helpers'

const server = apiServerForFile(() => getDevstack().chains, { names: false, onramp: false })

const DEV = 'io.latch.devwallet'

/** Exactly what `navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))` sends. */
function beacon(body: string): Promise<Response> {
  return fetch(`${server().url}/v1/analytics/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body,
  })
}

async function funnelOf(projectId: string, since?: number): Promise<AnalyticsFunnel> {
  const query = new URLSearchParams({ projectId, ...(since !== undefined && { since: String(since) }) })
  const response = await fetch(`${server().url}/v1/analytics/funnel?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as AnalyticsFunnel
}

async function expectRefused(response: Response, status: number, message: RegExp | string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await response.json()) as { message: string }
  if (typeof message === 'string') expect(body.message).toContain(message)
  else expect(body.message).toMatch(message)
}

const empty = (projectId: string, since = 0): AnalyticsFunnel => ({
  projectId,
  since,
  opens: 0,
  attempts: {},
  successes: {},
  errors: {},
})

describe('POST /v1/analytics/events and the funnel', () => {
  it('stores a text/plain batch and counts its funnel by method', async () => {
    const at = Date.now()
    const events = [
      { event: 'modal_open', at },
      { event: 'modal_open', at: at + 1 },
      { event: 'modal_open', at: at + 2 },
      { event: 'connect_start', at, method: DEV, namespace: 'eip155', network: 'eip155:31337' },
      { event: 'connect_start', at: at + 5, method: DEV, namespace: 'eip155' },
      {
        event: 'connect_success',
        at: at + 10,
        method: DEV,
        namespace: 'eip155',
        network: 'eip155:31337',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      },
      { event: 'connect_error', at: at + 20, method: DEV, kind: 'user_rejected' },
      { event: 'network_switch', at: at + 30, network: 'eip155:31338' },
      { event: 'connect_start', at: at + 40, method: 'walletConnect' },
    ]
    const answer = await beacon(JSON.stringify({ projectId: 'funnel-a', events }))
    expect(answer.status).toBe(204)
    expect(await answer.text()).toBe('')
    expect(await funnelOf('funnel-a')).toEqual({
      projectId: 'funnel-a',
      since: 0,
      opens: 3,
      attempts: { [DEV]: 2, walletConnect: 1 },
      successes: { [DEV]: 1 },
      errors: { [DEV]: 1 },
    })
  })

  it('takes application/json too, and counts an attempt without a method under (none)', async () => {
    const answer = await fetch(`${server().url}/v1/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: 'funnel-json',
        events: [{ event: 'connect_start', at: Date.now() }],
      }),
    })
    expect(answer.status).toBe(204)
    expect((await funnelOf('funnel-json')).attempts).toEqual({ '(none)': 1 })
  })

  it('keeps projects apart', async () => {
    const at = Date.now()
    await beacon(JSON.stringify({ projectId: 'apart-1', events: [{ event: 'modal_open', at }] }))
    await beacon(
      JSON.stringify({
        projectId: 'apart-2',
        events: [
          { event: 'modal_open', at },
          { event: 'modal_open', at },
          { event: 'connect_success', at, method: DEV },
        ],
      }),
    )
    expect((await funnelOf('apart-1')).opens).toBe(1)
    expect(await funnelOf('apart-2')).toEqual({ ...empty('apart-2'), opens: 2, successes: { [DEV]: 1 } })
    expect(await funnelOf('apart-3')).toEqual(empty('apart-3'))
  })

  it('counts only events at or after since', async () => {
    const now = Date.now()
    const hourAgo = now - 60 * 60 * 1000
    const answer = await beacon(
      JSON.stringify({
        projectId: 'since',
        events: [
          { event: 'modal_open', at: hourAgo },
          { event: 'connect_start', at: hourAgo, method: DEV },
          { event: 'modal_open', at: now },
          { event: 'connect_start', at: now, method: DEV },
          { event: 'connect_success', at: now, method: DEV },
        ],
      }),
    )
    expect(answer.status).toBe(204)
    expect((await funnelOf('since')).attempts).toEqual({ [DEV]: 2 })
    expect(await funnelOf('since', now - 60_000)).toEqual({
      ...empty('since', now - 60_000),
      opens: 1,
      attempts: { [DEV]: 1 },
      successes: { [DEV]: 1 },
    })
    expect(await funnelOf('since', now + 60_000)).toEqual(empty('since', now + 60_000))
  })

  it('answers a bad batch in the one error shape, { code, message }', async () => {
    const body = await expectErrorShape(await beacon('{not json'), 400, 'BAD_REQUEST')
    expect(body.message).toContain('JSON')
  })

  it('refuses a funnel query without a project or with a since that is not a time', async () => {
    await expectRefused(await fetch(`${server().url}/v1/analytics/funnel`), 400, 'projectId')
    await expectRefused(
      await fetch(`${server().url}/v1/analytics/funnel?projectId=p&since=yesterday`),
      400,
      'since',
    )
  })
})

describe('bad batches', () => {
  const good = () => ({ event: 'modal_open', at: Date.now() })
  const batch = (events: unknown[]) => JSON.stringify({ projectId: 'refused', events: [good(), ...events] })

  it.each([
    ['not JSON', () => '{"projectId": "refused", "events": [', /not JSON/],
    [
      '101 events',
      () => JSON.stringify({ projectId: 'refused', events: Array.from({ length: 101 }, good) }),
      /events: too big \(maximum 100\)/,
    ],
    [
      'no events',
      () => JSON.stringify({ projectId: 'refused', events: [] }),
      /events: must hold at least one event/,
    ],
    [
      'an unknown event',
      () => batch([{ event: 'page_view', at: Date.now() }]),
      /events\[1\]\.event: expected one of/,
    ],
    [
      'an event two days old',
      () => batch([{ event: 'modal_open', at: Date.now() - 2 * 24 * 3600_000 }]),
      /events\[1\]\.at: must be a time/,
    ],
    [
      'an event an hour ahead',
      () => batch([{ event: 'modal_open', at: Date.now() + 3600_000 }]),
      /events\[1\]\.at/,
    ],
    [
      'an at that is not whole ms',
      () => batch([{ event: 'modal_open', at: Date.now() + 0.5 }]),
      /events\[1\]\.at/,
    ],
    [
      'a method with spaces',
      () => batch([{ event: 'connect_start', at: Date.now(), method: 'my wallet' }]),
      /events\[1\]\.method/,
    ],
    [
      'an unknown namespace',
      () => batch([{ event: 'connect_start', at: Date.now(), namespace: 'bip122' }]),
      /events\[1\]\.namespace/,
    ],
    [
      'a network that is not CAIP-2',
      () => batch([{ event: 'network_switch', at: Date.now(), network: 'mainnet' }]),
      /events\[1\]\.network/,
    ],
    [
      'an address over 128 characters',
      () => batch([{ event: 'send', at: Date.now(), address: 'a'.repeat(129) }]),
      /events\[1\]\.address/,
    ],
    ['a missing projectId', () => JSON.stringify({ events: [good()] }), /projectId/],
    [
      'a projectId over 128 characters',
      () => JSON.stringify({ projectId: 'p'.repeat(129), events: [good()] }),
      /projectId/,
    ],
    ['an array for a body', () => JSON.stringify([good()]), /expected object/],
  ])('refuses %s with a JSON 400 and stores nothing', async (_name, body, message) => {
    await expectRefused(await beacon(body()), 400, message)
    expect(await funnelOf('refused')).toEqual(empty('refused'))
  })

  it('refuses a body that is neither text/plain nor application/json', async () => {
    const answer = await fetch(`${server().url}/v1/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: batch([]),
    })
    await expectRefused(answer, 400, 'text/plain or application/json')
    expect(await funnelOf('refused')).toEqual(empty('refused'))
  })

  it('refuses a 2 MB body with 413 and stores nothing', async () => {
    const body = JSON.stringify({
      projectId: 'refused',
      events: [{ ...good(), kind: 'x'.repeat(2 * 1024 * 1024) }],
    })
    await expectRefused(await beacon(body), 413, 'larger than 1048576 bytes')
    expect(await funnelOf('refused')).toEqual(empty('refused'))
  })
})

describe('GET /analytics', () => {
  it('shows the funnel per method, escaping what the widget sent, under a CSP that forbids scripts', async () => {
    const at = Date.now()
    const hostile = '<script>alert(1)</script>'
    // The method rule refuses markup, so a hostile name can only arrive as the project id.
    const refused = await beacon(
      JSON.stringify({ projectId: 'page', events: [{ event: 'connect_start', at, method: hostile }] }),
    )
    expect(refused.status).toBe(400)
    await beacon(
      JSON.stringify({
        projectId: hostile,
        events: [
          { event: 'modal_open', at },
          { event: 'modal_open', at },
          { event: 'connect_start', at, method: DEV },
          { event: 'connect_start', at, method: DEV },
          { event: 'connect_start', at, method: DEV },
          { event: 'connect_start', at, method: DEV },
          { event: 'connect_success', at, method: DEV },
          { event: 'connect_error', at, method: DEV },
        ],
      }),
    )
    const answer = await fetch(`${server().url}/analytics?projectId=${encodeURIComponent(hostile)}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    const html = await answer.text()
    expect(html).not.toContain('<script')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toMatch(/<b>2<\/b>modal opens/)
    expect(html).toMatch(/<b>4<\/b>connect attempts/)
    expect(html).toContain(`<tr><td>${DEV}</td><td>4</td><td>1</td><td>1</td><td>25 %</td></tr>`)
    // Self-contained: nothing to load from anywhere.
    expect(html).not.toMatch(/\b(src|href)=/)
  })

  it('escapes a hostile method name (one the collector would refuse, from a database written by other means)', () => {
    const hostile = '<script>alert(1)</script>'
    const html = funnelPage({
      projectId: 'page',
      since: 0,
      opens: 1,
      attempts: { [hostile]: 2 },
      successes: { [hostile]: 1 },
      errors: {},
    })
    expect(html).not.toContain('<script')
    expect(html).toContain(
      '<tr><td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>2</td><td>1</td><td>0</td><td>50 %</td></tr>',
    )
  })

  it('says there is nothing yet for a project without attempts, and refuses a missing projectId', async () => {
    const html = await (await fetch(`${server().url}/analytics?projectId=nobody`)).text()
    expect(html).toContain('No connect attempts yet.')
    await expectRefused(await fetch(`${server().url}/analytics`), 400, 'projectId')
  })
})

describe('without the collector', () => {
  const bare = apiServerForFile(() => getDevstack().chains, { names: false, onramp: false, analytics: false })

  it('answers 501 ANALYTICS_NOT_CONFIGURED on its paths', async () => {
    const answer = await fetch(`${bare().url}/v1/analytics/events`, { method: 'POST', body: '{}' })
    expect(answer.status).toBe(501)
    expect(await answer.json()).toEqual({
      code: 'ANALYTICS_NOT_CONFIGURED',
      message: 'Analytics is not configured on this server',
    })
    expect((await fetch(`${bare().url}/analytics?projectId=p`)).status).toBe(501)
  })
})

describe('who may read the funnel', () => {
  const TOKEN = 'a-funnel-token-for-tests'
  const guarded = apiServerForFile(() => getDevstack().chains, {
    names: false,
    onramp: false,
    analyticsFunnelAccess: { token: TOKEN },
  })
  const closed = apiServerForFile(() => getDevstack().chains, {
    names: false,
    onramp: false,
    analyticsFunnelAccess: 'closed',
  })
  const basic = (password: string) => `Basic ${Buffer.from(`me:${password}`).toString('base64')}`

  it('asks for the token with a Basic challenge, and answers whoever gives it, as Basic or Bearer', async () => {
    for (const path of ['/v1/analytics/funnel?projectId=p', '/analytics?projectId=p']) {
      const anonymous = await fetch(`${guarded().url}${path}`)
      expect(anonymous.headers.get('www-authenticate')).toBe(
        'Basic realm="Latchkit analytics", charset="UTF-8"',
      )
      await expectRefused(anonymous, 401, 'the funnel needs the analytics token')
      await expectRefused(
        await fetch(`${guarded().url}${path}`, {
          headers: { authorization: basic('wrong-token-wrong-token') },
        }),
        401,
        'the analytics token is wrong',
      )
      expect(
        (await fetch(`${guarded().url}${path}`, { headers: { authorization: basic(TOKEN) } })).status,
      ).toBe(200)
      expect(
        (await fetch(`${guarded().url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(200)
    }
  })

  it('still takes events when the funnel is closed or guarded: the widget has no secret to send', async () => {
    for (const target of [guarded(), closed()]) {
      const sent = await fetch(`${target.url}/v1/analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ projectId: 'p', events: [{ event: 'modal_open', at: Date.now() }] }),
      })
      expect(sent.status).toBe(204)
    }
    await expectRefused(
      await fetch(`${closed().url}/v1/analytics/funnel?projectId=p`),
      403,
      'LATCHKIT_ANALYTICS_TOKEN',
    )
    await expectRefused(
      await fetch(`${closed().url}/analytics?projectId=p`, { headers: { authorization: `Bearer ${TOKEN}` } }),
      403,
      'the funnel is not served',
    )
  })
})
