/**
 * The wallet-project API client against the local API server: the wallet registry and its
 * filters, image URLs, the analytics switch and the allowed origins, failures included.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { REGISTRY_SIZE } from '../../devstack/api/walletRegistry'
import { isOriginAllowed } from '../../src/kernel/api/origins'
import { LatchError } from '../../src/kernel/errors'
import { getDevstack } from '../support/devstack'
import { apiServerForFile, noSleep, PROJECT_ID, requestsTo, SDK, walletsClient } from './helpers'

const server = apiServerForFile(() => getDevstack().chains)

beforeEach(() => {
  server().faults.clear()
  server().faults.clearLog()
  server().settings.allowedOrigins = []
  server().settings.analyticsEnabled = true
})

describe('getWallets', () => {
  it('pages a registry of at least 500 wallets with every list field', async () => {
    const api = walletsClient(server())
    const first = await api.getWallets({ page: 1, entries: 40 })
    expect(first.count).toBe(REGISTRY_SIZE)
    expect(first.count).toBeGreaterThanOrEqual(500)
    expect(first.data).toHaveLength(40)
    const wallet = first.data[0]!
    expect(Object.keys(wallet)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'image_id',
        'rdns',
        'chains',
        'mobile_link',
        'desktop_link',
        'webapp_link',
      ]),
    )
    const second = await api.getWallets({ page: 2, entries: 40 })
    expect(second.data[0]?.id).not.toBe(wallet.id)
    const last = await api.getWallets({ page: 14, entries: 40 })
    expect(last.data).toHaveLength(REGISTRY_SIZE - 13 * 40)
    // Deterministic: the same request gives the same wallets.
    expect((await api.getWallets({ page: 1, entries: 40 })).data).toEqual(first.data)
    const [call] = requestsTo(server(), '/getWallets')
    expect(call?.query).toMatchObject({
      projectId: PROJECT_ID,
      st: SDK.sdkType,
      sv: SDK.sdkVersion,
      page: '1',
      entries: '40',
    })
  })

  it('filters by search, include, exclude, badge and chains', async () => {
    const api = walletsClient(server())
    const vaults = await api.getWallets({ page: 1, entries: 100, search: 'VAULT' })
    expect(vaults.count).toBeGreaterThan(0)
    expect(vaults.data.every((w) => w.name.toLowerCase().includes('vault'))).toBe(true)

    const page = await api.getWallets({ page: 1, entries: 5 })
    const ids = page.data.map((w) => w.id)
    const included = await api.getWallets({ page: 1, entries: 40, include: ids.slice(0, 3) })
    expect(included.data.map((w) => w.id)).toEqual(ids.slice(0, 3))
    const excluded = await api.getWallets({ page: 1, entries: 5, exclude: ids.slice(0, 2) })
    expect(excluded.count).toBe(REGISTRY_SIZE - 2)
    expect(excluded.data[0]?.id).toBe(ids[2])

    const certified = await api.getWallets({ page: 1, entries: 100, badge_type: 'certified' })
    expect(certified.count).toBeGreaterThan(0)
    expect(certified.count).toBeLessThan(REGISTRY_SIZE)
    expect(certified.data.every((w) => (w as { badge_type?: string }).badge_type === 'certified')).toBe(true)

    const local = await api.getWallets({ page: 1, entries: 100, chains: ['eip155:31337'] })
    expect(local.count).toBeGreaterThan(0)
    expect(local.data.every((w) => w.chains.includes('eip155:31337'))).toBe(true)
  })

  it('image URLs carry the project identification and serve a small SVG', async () => {
    const api = walletsClient(server())
    const { data } = await api.getWallets({ page: 1, entries: 1 })
    const url = api.imageUrl(data[0]!.image_id!)
    expect(url).toContain(`projectId=${PROJECT_ID}`)
    const response = await fetch(url)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await response.text()
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg.length).toBeLessThan(1000)
    expect(await (await fetch(url)).text()).toBe(svg)
    expect((await fetch(api.imageUrl('LUSD', 'token'))).status).toBe(200)
    expect((await fetch(api.imageUrl('unknown-image'))).status).toBe(404)
  })
})

describe('analytics config', () => {
  it('reports what the project says', async () => {
    const api = walletsClient(server())
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    server().settings.analyticsEnabled = false
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })

  it('is off when the call fails or answers nonsense', async () => {
    const api = walletsClient(server(), { sleep: noSleep })
    server().faults.set({ status: 503, count: 4, path: '/getAnalyticsConfig' })
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
    expect(requestsTo(server(), '/getAnalyticsConfig')).toHaveLength(4)
    server().faults.set({ malformed: true, count: 1 })
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })
})

describe('allowed origins', () => {
  it('an origin outside a non-empty list gives Invalid App Configuration', async () => {
    const api = walletsClient(server())
    server().settings.allowedOrigins = ['https://app.example.com', 'https://*.example.org']
    expect(await api.getAllowedOrigins()).toEqual(['https://app.example.com', 'https://*.example.org'])
    expect(await api.checkOrigin('https://app.example.com')).toBeUndefined()
    expect(await api.checkOrigin('https://shop.example.org')).toBeUndefined()
    const problem = await api.checkOrigin('https://evil.example.net')
    expect(problem).toBeInstanceOf(LatchError)
    expect(problem).toMatchObject({
      code: 'INVALID_APP_CONFIGURATION',
      shortMessage: 'Invalid App Configuration',
    })
  })

  it('an empty list allows every origin', async () => {
    const api = walletsClient(server())
    expect(await api.checkOrigin('https://anything.example')).toBeUndefined()
  })

  it('a failed call means an empty list, so nothing is blocked', async () => {
    const api = walletsClient(server(), { sleep: noSleep })
    server().settings.allowedOrigins = ['https://app.example.com']
    server().faults.set({ status: 429, count: 4, path: '/projects' })
    expect(await api.getAllowedOrigins()).toEqual([])
    server().faults.set({ malformed: true, count: 1, path: '/projects' })
    expect(await api.checkOrigin('https://evil.example.net')).toBeUndefined()
  })

  it('matches exactly or by a *. wildcard, ignoring case and a trailing slash', () => {
    expect(isOriginAllowed('https://App.Example.com/', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', ['https://*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://example.com', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('http://app.example.com', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://evilexample.com', ['https://*.example.com'])).toBe(false)
  })
})
