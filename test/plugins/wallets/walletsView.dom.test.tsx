/**
 * The wallets plugin in the modal: the Connect view's groups in order (installed, featured,
 * recommended, All wallets), installed wallets by rdns, the options as registry filters,
 * and the All wallets view's search and states. The registry is the devstack's fixture,
 * filtered by the API server's own queryWallets behind a fetch that records each request.
 */
import {
  type Connector,
  definePlugin,
  type Plugin,
  type RegistryWallet,
  WALLET_LINKER_SERVICE,
  type WalletLinker,
} from 'latchkit'
import { type WalletsOptions, wallets } from 'latchkit/plugins/wallets'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWalletRegistry, listedWallets } from '../../../devstack/api/walletRegistry'
import { queryWallets } from '../../../server/api/routes/wallets'
import { click, ME, makeKernel, modal, openOn, renderWith, settle, type, wait } from '../helpers'

beforeAll(async () => {
  await import('../../../plugins/wallets/views/ConnectRows')
  await import('../../../plugins/wallets/views/AllWalletsView')
})

const registry = listedWallets(createWalletRegistry())
const idOf = (name: string) => (registry.find((wallet) => wallet.name === name) as RegistryWallet).id
const API = 'https://wallets.test'
/** The test kernel's networks: the registry lists only wallets supporting one of them. */
const CHAINS = ['eip155:31337', 'eip155:31338']
const onOurChains = (query: { search?: string } = {}) =>
  queryWallets(registry, { page: 1, entries: 100, chains: CHAINS, ...query })

interface Asked {
  path: string
  query: URLSearchParams
}

/** A fetch answering GET /getWallets from the fixture registry; `fail` makes it answer 503. */
function fakeRegistry() {
  const asked: Asked[] = []
  const control = { fail: false }
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input)
    asked.push({ path: url.pathname, query: url.searchParams })
    if (control.fail) return new Response(JSON.stringify({ error: 'down' }), { status: 503 })
    const list = (name: string) => url.searchParams.get(name)?.split(',')
    const answer = queryWallets(registry, {
      page: Number(url.searchParams.get('page') ?? 1),
      entries: Number(url.searchParams.get('entries') ?? 40),
      search: url.searchParams.get('search') ?? undefined,
      include: list('include'),
      exclude: list('exclude'),
      chains: list('chains'),
    })
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  })
  return { asked, control }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** An announced EVM wallet with `rdns`, as EIP-6963 discovery registers it. */
function announced(rdns: string, name: string): Connector {
  return {
    id: rdns,
    name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns },
    connect: async () => ({ accounts: [{ address: ME, type: 'eoa' }], chainId: 31337 }),
    disconnect: async () => {},
    getProvider: () => ({}),
  }
}

const installedMetaMask = definePlugin({
  id: 'installed-metamask',
  setup: (ctx) => ctx.connectors.register(announced('io.metamask', 'MetaMask')),
})

async function openWith(options: WalletsOptions, extra: Plugin<undefined>[] = [], view = 'Connect') {
  const registryFetch = fakeRegistry()
  const { kernel } = makeKernel({
    projectId: 'p1',
    api: { walletsUrl: API },
    plugins: [wallets(options), installedMetaMask, ...extra],
  })
  renderWith(kernel)
  await openOn(kernel, view)
  await settle(10)
  return { kernel, ...registryFetch }
}

/** The Connect view's rows, in order: connectors by id, registry wallets by name, the All wallets row. */
function connectRows(): string[] {
  const list = modal().getByRole('list', { name: 'Wallets' })
  return [...list.querySelectorAll(':scope > li')].map((row) => {
    const connector = row.querySelector('[data-connector]')?.getAttribute('data-connector')
    if (connector) return `connector:${connector}`
    if (row.getAttribute('data-latchkit') === 'all-wallets-row') return 'all-wallets'
    return (row.querySelector('.lk-grow')?.firstChild?.textContent ?? '').trim()
  })
}

const getWallets = (asked: Asked[]) => asked.filter((call) => call.path === '/getWallets')

describe('the Connect view', () => {
  it('lists installed, then featured in the given order, then four recommended, then All wallets with the count', async () => {
    const { asked } = await openWith({ featuredWalletIds: [idOf('Zerion'), idOf('Rainbow')] })
    await vi.waitFor(() =>
      expect(connectRows()).toEqual([
        'connector:test.wallet',
        'connector:io.metamask',
        'Zerion',
        'Rainbow',
        // The registry's first four that are neither featured (Rainbow) nor installed (MetaMask).
        'Coinbase Wallet',
        'Rabby Wallet',
        'Phantom',
        'Brave Wallet',
        'all-wallets',
      ]),
    )
    const count = onOurChains().count
    expect(count).toBeLessThan(registry.length)
    await vi.waitFor(() =>
      expect(modal().getByText('All wallets').closest('button')?.textContent).toContain(`${count}`),
    )
    expect(modal().getByText('All wallets').closest('button')?.textContent).toBe(`⋯All wallets${count}`)
    const featured = getWallets(asked).find((call) => call.query.get('include'))
    expect(featured?.query.get('include')).toBe([idOf('Zerion'), idOf('Rainbow')].join(','))
    expect(featured?.query.get('entries')).toBe('2')
    // Every registry request names the app's networks.
    for (const call of getWallets(asked)) expect(call.query.get('chains')).toBe(CHAINS.join(','))
  })

  it('sends includeWalletIds and excludeWalletIds with every registry request', async () => {
    const include = ['MetaMask', 'Rainbow', 'Zerion', 'Frame', 'Taho', 'Safe'].map(idOf)
    const exclude = [idOf('Frame')]
    const { asked } = await openWith({ includeWalletIds: include, excludeWalletIds: exclude })
    await vi.waitFor(() =>
      expect(connectRows()).toEqual([
        'connector:test.wallet',
        'connector:io.metamask',
        'Rainbow',
        'Zerion',
        'Taho',
        'Safe',
        'all-wallets',
      ]),
    )
    expect(getWallets(asked).length).toBeGreaterThan(0)
    for (const call of getWallets(asked)) {
      expect(call.query.get('include')).toBe(include.join(','))
      expect(call.query.get('exclude')?.split(',')).toContain(exclude[0])
    }
    await vi.waitFor(() =>
      expect(modal().getByText('All wallets').closest('button')?.textContent).toBe('⋯All wallets5'),
    )
  })

  it('collapseWallets shows only the All wallets row besides the installed wallets', async () => {
    await openWith({ featuredWalletIds: [idOf('Zerion')], collapseWallets: true })
    await vi.waitFor(() => expect(modal().getByText('All wallets')).toBeTruthy())
    expect(connectRows()).toEqual(['connector:test.wallet', 'connector:io.metamask', 'all-wallets'])
  })

  it('a wallet that is not installed goes to the wallet linker when one is offered', async () => {
    const linked: RegistryWallet[] = []
    const linker = definePlugin({
      id: 'test-linker',
      setup: (ctx) =>
        ctx.services.add(WALLET_LINKER_SERVICE, ((wallet) => linked.push(wallet)) satisfies WalletLinker),
    })
    await openWith({ featuredWalletIds: [idOf('Zerion')] }, [linker])
    await click(modal().getByRole('button', { name: /Zerion/ }))
    expect(linked.map((wallet) => wallet.name)).toEqual(['Zerion'])
  })

  it('without a linker, such a wallet says it needs WalletConnect and links its web app', async () => {
    await openWith({ featuredWalletIds: [idOf('Zerion')] })
    expect(modal().queryByRole('button', { name: /Zerion/ })).toBeNull()
    const row = modal().getByText('Zerion').closest('li') as HTMLElement
    expect(row.getAttribute('data-disabled')).toBe('true')
    expect(row.textContent).toContain('Needs WalletConnect')
    expect(row.querySelector('a')?.getAttribute('href')).toBe('https://zerion.io/extension')
  })
})

describe('the All wallets view', () => {
  async function openAll(options: WalletsOptions = {}) {
    const opened = await openWith(options, [], 'AllWallets')
    await vi.waitFor(() => expect(items().length).toBe(40))
    return opened
  }
  const items = () => [...(modal().queryByRole('list', { name: 'Wallets' })?.querySelectorAll('li') ?? [])]
  const names = () =>
    items().map((item) => (item.querySelector('.lk-grow')?.firstChild?.textContent ?? '').trim())

  it('shows the first page with installed wallets marked; an installed one connects through its connector', async () => {
    const { kernel } = await openAll()
    const metamask = items().find((item) => item.getAttribute('data-installed') === 'true') as HTMLElement
    expect(metamask.textContent).toContain('MetaMask')
    expect(metamask.textContent).toContain('Installed')
    await click(metamask.querySelector('button') as HTMLElement)
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.address).toBe(ME))
    expect(kernel.storage.get('recentWallets')?.[0]?.id).toBe('io.metamask')
  })

  it('shows matches among what was read at once, then the registry answer', async () => {
    const { asked } = await openAll()
    const box = modal().getByRole('searchbox', { name: 'Search wallets' })
    await type(box, 'rain')
    // At once, before any search request: the wallets read that match.
    expect(names()).toEqual(['Rainbow'])
    expect(getWallets(asked).filter((call) => call.query.get('search'))).toEqual([])
    await wait(350)
    await vi.waitFor(() =>
      expect(getWallets(asked).filter((call) => call.query.get('search'))).toHaveLength(1),
    )
    const search = getWallets(asked).find((call) => call.query.get('search'))
    expect(search?.query.get('search')).toBe('rain')
    expect(search?.query.get('entries')).toBe('100')
    await type(box, 'vault')
    await wait(350)
    const vaults = onOurChains({ search: 'vault' }).data.map((wallet) => wallet.name)
    expect(vaults.length).toBeGreaterThan(1)
    await vi.waitFor(() => expect(names()).toEqual(vaults))
  })

  it('says when nothing matches, and offers a retry when the registry fails', async () => {
    const { control } = await openAll()
    const box = modal().getByRole('searchbox', { name: 'Search wallets' })
    await type(box, 'no such wallet anywhere')
    await wait(350)
    await vi.waitFor(() =>
      expect(modal().getByText('No wallet matches “no such wallet anywhere”')).toBeTruthy(),
    )
    control.fail = true
    await type(box, 'zzz')
    await wait(350)
    await vi.waitFor(
      () => expect(modal().getByRole('alert').textContent).toBe('The wallets could not be loaded'),
      {
        timeout: 20_000,
      },
    )
    control.fail = false
    await click(modal().getByRole('button', { name: 'Try again' }))
    await wait(350)
    await vi.waitFor(() => expect(modal().getByText('No wallet matches “zzz”')).toBeTruthy())
  })
})
