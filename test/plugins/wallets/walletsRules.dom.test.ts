/**
 * The wallets plugin's rules without a page: search spacing and stale answers, paging,
 * the featured/recommended/installed picks and the options check.
 */
import type { Connector, RegistryWallet } from 'latchkit'
import { wallets } from 'latchkit/plugins/wallets'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWalletRegistry, listedWallets } from '../../../devstack/api/walletRegistry'
import { spacedSearch } from '../../../plugins/wallets/spacedSearch'
import {
  featuredIds,
  installedConnector,
  matchLoaded,
  orderFeatured,
  pickRecommended,
} from '../../../plugins/wallets/walletGroups'
import { walletPages } from '../../../plugins/wallets/walletPages'
import { queryWallets } from '../../../server/api/routes/wallets'

const registry = listedWallets(createWalletRegistry())
const id = (name: string) => (registry.find((wallet) => wallet.name === name) as RegistryWallet).id

describe('spaced search', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function recorder() {
    const sent: {
      query: string
      at: number
      resolve: (value: string) => void
      reject: (e: unknown) => void
    }[] = []
    const answers: string[] = []
    const errors: string[] = []
    const search = spacedSearch<string>({
      gapMs: 300,
      clock: { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout },
      run: (query) =>
        new Promise<string>((resolve, reject) => {
          sent.push({ query, at: Date.now(), resolve, reject })
        }),
      onAnswer: (query, answer) => answers.push(`${query}=${answer}`),
      onError: (query) => errors.push(query),
    })
    return { search, sent, answers, errors }
  }

  it('sends once typing pauses for 300 ms, and never two searches closer than 300 ms', async () => {
    const { search, sent } = recorder()
    // Fast typing: a key every 50 ms sends nothing.
    for (const text of ['r', 'ra', 'rai', 'rain']) {
      search.type(text)
      await vi.advanceTimersByTimeAsync(50)
    }
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(250)
    expect(sent.map((s) => s.query)).toEqual(['rain'])
    // Typing at a pace just past the debounce: each search is still 300 ms from the last.
    for (const text of ['rainb', 'rainbo', 'rainbow', 'rainbowx', 'rainbo']) {
      search.type(text)
      await vi.advanceTimersByTimeAsync(310)
    }
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent.length).toBeGreaterThan(2)
    for (let i = 1; i < sent.length; i++) {
      expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(300)
    }
  })

  it('delivers only the newest search answer: a slow older one arriving later is dropped', async () => {
    const { search, sent, answers } = recorder()
    search.type('ra')
    await vi.advanceTimersByTimeAsync(310)
    search.type('rain')
    await vi.advanceTimersByTimeAsync(310)
    expect(sent.map((s) => s.query)).toEqual(['ra', 'rain'])
    sent[1]?.resolve('new')
    await vi.advanceTimersByTimeAsync(0)
    sent[0]?.resolve('old')
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual(['rain=new'])
  })

  it('an older failure is dropped too; the newest failure is reported; cancel drops what is on its way', async () => {
    const { search, sent, answers, errors } = recorder()
    search.type('a')
    await vi.advanceTimersByTimeAsync(310)
    search.type('ab')
    await vi.advanceTimersByTimeAsync(310)
    sent[0]?.reject(new Error('slow failure'))
    sent[1]?.reject(new Error('current failure'))
    await vi.advanceTimersByTimeAsync(0)
    expect(errors).toEqual(['ab'])
    search.type('abc')
    await vi.advanceTimersByTimeAsync(310)
    search.cancel()
    sent[2]?.resolve('late')
    search.type('abcd')
    search.cancel()
    await vi.advanceTimersByTimeAsync(1000)
    expect(answers).toEqual([])
    expect(sent).toHaveLength(3)
  })
})

describe('paging', () => {
  const fetchPage = (filters: { search?: string } = {}) => {
    const asked: number[] = []
    return {
      asked,
      fetch: async (page: number) => {
        asked.push(page)
        const { count, data } = queryWallets(registry, { page, entries: 40, ...filters })
        return { count, wallets: data }
      },
    }
  }

  it('reads pages of 40 in order, one at a time, until the count', async () => {
    const source = fetchPage()
    const pages = walletPages(source.fetch)
    pages.loadMore()
    pages.loadMore() // one on its way already: ignored
    await vi.waitFor(() => expect(pages.get().loading).toBe(false))
    expect(pages.get().wallets).toHaveLength(40)
    expect(pages.get().count).toBe(registry.length)
    const last = Math.ceil(registry.length / 40)
    for (let page = 2; page <= last; page++) {
      pages.loadMore()
      await vi.waitFor(() => expect(pages.get().loading).toBe(false))
    }
    expect(source.asked).toEqual(Array.from({ length: last }, (_, i) => i + 1))
    expect(pages.get().wallets.map((w) => w.id)).toEqual(registry.map((w) => w.id))
    expect(pages.hasMore()).toBe(false)
    pages.loadMore()
    expect(source.asked).toHaveLength(last)
  })

  it('a failed page is kept failed until retried, and then asked again', async () => {
    let fail = true
    const pages = walletPages(async (page) => {
      if (fail) throw new Error('503')
      const { count, data } = queryWallets(registry, { page, entries: 40 })
      return { count, wallets: data }
    })
    pages.loadMore()
    await vi.waitFor(() => expect(pages.get().failed).toBe(true))
    pages.loadMore()
    expect(pages.get().loading).toBe(false)
    fail = false
    pages.retry()
    await vi.waitFor(() => expect(pages.get().wallets).toHaveLength(40))
    expect(pages.get().failed).toBe(false)
  })
})

describe('featured, recommended and installed', () => {
  const connector = (rdns: string): Connector => ({
    id: rdns,
    name: rdns,
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns },
    connect: async () => ({ accounts: [], chainId: 1 }),
    disconnect: async () => {},
    getProvider: () => ({}),
  })

  it('featured ids keep their order, drop excluded ids and those outside include', () => {
    const [a, b, c] = [id('Rainbow'), id('MetaMask'), id('Zerion')]
    expect(
      featuredIds({ featuredWalletIds: [a, b, c], includeWalletIds: [], excludeWalletIds: [b] }),
    ).toEqual([a, c])
    expect(
      featuredIds({ featuredWalletIds: [a, b, c], includeWalletIds: [c, a], excludeWalletIds: [] }),
    ).toEqual([a, c])
    const answer = queryWallets(registry, { page: 1, entries: 3, include: [a, b, c] }).data
    expect(orderFeatured(answer, [c, a, b], new Set()).map((w) => w.name)).toEqual([
      'Zerion',
      'Rainbow',
      'MetaMask',
    ])
    expect(orderFeatured(answer, [c, a, b], new Set(['io.metamask'])).map((w) => w.name)).toEqual([
      'Zerion',
      'Rainbow',
    ])
  })

  it('recommended: the first four that are neither featured nor installed', () => {
    const first = queryWallets(registry, { page: 1, entries: 10 }).data
    const picked = pickRecommended(first, {
      featured: [id('Rainbow')],
      installed: new Set(['io.metamask', 'com.coinbase.wallet']),
      limit: 4,
    })
    expect(picked.map((w) => w.name)).toEqual(['Rabby Wallet', 'Phantom', 'Brave Wallet', 'Trust Wallet'])
  })

  it('a registry wallet is installed when an announced connector has its rdns', () => {
    const metamask = registry.find((w) => w.rdns === 'io.metamask') as RegistryWallet
    expect(installedConnector(metamask, [connector('me.rainbow'), connector('io.metamask')])?.id).toBe(
      'io.metamask',
    )
    expect(installedConnector(metamask, [connector('me.rainbow')])).toBeUndefined()
    expect(installedConnector({ rdns: null }, [connector('io.metamask')])).toBeUndefined()
  })

  it('matches what was read at once, case-insensitively, up to the limit', () => {
    expect(matchLoaded(registry, 'RAINBOW', 100).map((w) => w.name)).toEqual(['Rainbow'])
    expect(matchLoaded(registry, 'vault', 5)).toHaveLength(5)
  })
})

describe('options', () => {
  it('rejects ids that are not registry ids, and a collapseWallets that is not a boolean', () => {
    expect(() => wallets({ featuredWalletIds: ['metamask'] })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        details: expect.stringContaining('featuredWalletIds'),
      }),
    )
    expect(() => wallets({ excludeWalletIds: 'x' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    )
    expect(() => wallets({ collapseWallets: 'yes' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    )
    expect(wallets({ featuredWalletIds: [id('Rainbow')] }).id).toBe('wallets')
  })
})
