import {
  connect,
  cookieToInitialState,
  createCookieBackend,
  createKernel,
  disconnect,
  type InitialState,
  reconnect,
  restoreInitialState,
} from 'latchkit'
import { describe, expect, it } from 'vitest'
import { base, ethereum, fakeWallet } from './helpers'

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** A browser's cookie jar as `document.cookie` shows it, shared across kernels to model a reload. */
function cookieJar() {
  const jar = new Map<string, string>()
  return {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      const [pair = ''] = line.split(';')
      const separator = pair.indexOf('=')
      if (line.includes('Max-Age=0')) jar.delete(pair.slice(0, separator))
      else jar.set(pair.slice(0, separator), pair.slice(separator + 1))
    },
  }
}

/** A connected visit in the browser; returns the Cookie header its next request sends. */
async function connectedVisit(jar: ReturnType<typeof cookieJar>, chainId = 8453) {
  // A first visit: no cookie yet, so no initial state, but the plugin keeps the account.
  const kernel = createKernel({
    networks: [ethereum, base],
    storage: createCookieBackend({ document: jar }),
    plugins: [restoreInitialState(undefined)],
  })
  const wallet = fakeWallet()
  wallet.chainId = chainId
  kernel.connectors.register(wallet)
  await connect(kernel, { connectorId: 'fake' })
  kernel.destroy()
  return { header: jar.cookie, wallet }
}

const encoded = (value: unknown) => encodeURIComponent(JSON.stringify(value))

describe('cookieToInitialState', () => {
  it('reads the last connected account and network from the cookies a connection wrote', async () => {
    const { header } = await connectedVisit(cookieJar())
    expect(cookieToInitialState(header)).toEqual({
      accounts: { eip155: { address: ADDRESS, caipNetworkId: 'eip155:8453', connectorId: 'fake' } },
      lastUsedChain: 'eip155:8453',
    })
  })

  it('gives an empty state for missing, corrupt or hostile cookies, never an error', () => {
    const hostile = [
      undefined,
      '',
      'latchkit%3AconnectedAccounts=%7Bnot%20json',
      'latchkit%3AconnectedAccounts=%E0%A4%A',
      `latchkit%3AconnectedAccounts=${encoded({ eip155: { address: '<script>alert(1)</script>', caipNetworkId: 'eip155:1', connectorId: 'x' } })}`,
      `latchkit%3AconnectedAccounts=${encoded({ eip155: { address: ADDRESS, caipNetworkId: 'solana:abc', connectorId: 'x' } })}`,
      `latchkit%3AconnectedAccounts=${encoded({ __proto__: { address: ADDRESS } })}`,
      `latchkit%3AconnectedAccounts=${encoded([1, 2])}`,
      `latchkit%3AlastUsedChain=${encoded('not a network')}`,
    ]
    for (const header of hostile) expect(cookieToInitialState(header)).toEqual({ accounts: {} })
  })

  it('reads the cookies of another prefix when asked', () => {
    const accounts = { eip155: { address: ADDRESS, caipNetworkId: 'eip155:1', connectorId: 'fake' } }
    const header = `app%3AconnectedAccounts=${encoded(accounts)}`
    expect(cookieToInitialState(header, { prefix: 'app' })).toEqual({ accounts })
    expect(cookieToInitialState(header)).toEqual({ accounts: {} })
  })
})

describe('restoreInitialState(initialState)', () => {
  const initialState: InitialState = {
    accounts: { eip155: { address: ADDRESS, caipNetworkId: 'eip155:8453', connectorId: 'fake' } },
    lastUsedChain: 'eip155:8453',
  }

  it('starts with the account shown and status reconnecting, the same on server and client', () => {
    // The server has no cookies to read; the browser has a different last chain stored.
    const jar = cookieJar()
    jar.cookie = `latchkit%3AlastUsedChain=${encoded('eip155:1')}`
    const server = createKernel({
      networks: [ethereum, base],
      storage: createCookieBackend(),
      plugins: [restoreInitialState(initialState)],
    })
    const client = createKernel({
      networks: [ethereum, base],
      storage: createCookieBackend({ document: jar }),
      plugins: [restoreInitialState(initialState)],
    })
    for (const kernel of [server, client]) {
      const state = kernel.getState()
      expect(state.status).toBe('reconnecting')
      expect(state.accounts.eip155).toMatchObject({
        address: ADDRESS,
        caipAddress: `eip155:8453:${ADDRESS}`,
        status: 'reconnecting',
      })
      expect(state.networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    }
    expect(client.getState().accounts).toEqual(server.getState().accounts)
  })

  it('leaves out an account on a network the app does not list, and ignores an invalid option', () => {
    const warnings: string[] = []
    const elsewhere = createKernel({
      networks: [ethereum],
      storage: null,
      plugins: [restoreInitialState(initialState)],
    })
    expect(elsewhere.getState().status).toBe('disconnected')
    expect(elsewhere.getState().accounts.eip155?.address).toBeUndefined()
    const invalid = createKernel({
      networks: [ethereum, base],
      storage: null,
      plugins: [restoreInitialState({ accounts: 'nope' } as unknown as InitialState)],
      logger: { level: 'warn', sink: (line) => void warnings.push(line) },
    })
    expect(invalid.getState().status).toBe('disconnected')
    expect(warnings.join('\n')).toContain('ignored an invalid initial state')
  })

  it('the silent reconnect confirms the account shown', async () => {
    const jar = cookieJar()
    const { header, wallet } = await connectedVisit(jar)
    const kernel = createKernel({
      networks: [ethereum, base],
      storage: createCookieBackend({ document: jar }),
      plugins: [restoreInitialState(cookieToInitialState(header))],
    })
    kernel.connectors.register(wallet)
    expect(await reconnect(kernel)).toEqual(['eip155'])
    expect(kernel.getState().accounts.eip155).toMatchObject({ address: ADDRESS, status: 'connected' })
  })

  it('clears the account shown, and the cookie, when the wallet no longer knows the site', async () => {
    const jar = cookieJar()
    const { header, wallet } = await connectedVisit(jar)
    wallet.authorized = false
    const kernel = createKernel({
      networks: [ethereum, base],
      storage: createCookieBackend({ document: jar }),
      plugins: [restoreInitialState(cookieToInitialState(header))],
    })
    kernel.connectors.register(wallet)
    expect(await reconnect(kernel, { waitMs: 10 })).toEqual([])
    expect(kernel.getState().status).toBe('disconnected')
    expect(kernel.getState().accounts.eip155?.address).toBeUndefined()
    expect(cookieToInitialState(jar.cookie).accounts).toEqual({})
  })

  it('clears the account shown when the wallet is gone from the page', async () => {
    const kernel = createKernel({
      networks: [ethereum, base],
      storage: null,
      plugins: [restoreInitialState(initialState)],
    })
    expect(await reconnect(kernel, { waitMs: 10 })).toEqual([])
    expect(kernel.getState().status).toBe('disconnected')
    expect(kernel.getState().accounts.eip155?.address).toBeUndefined()
  })

  it('without the plugin nothing is remembered for a server to read', async () => {
    const jar = cookieJar()
    const kernel = createKernel({
      networks: [ethereum, base],
      storage: createCookieBackend({ document: jar }),
    })
    kernel.connectors.register(fakeWallet())
    await connect(kernel, { connectorId: 'fake' })
    expect(cookieToInitialState(jar.cookie).accounts).toEqual({})
  })

  it('a disconnect forgets the remembered account', async () => {
    const jar = cookieJar()
    const kernel = createKernel({
      networks: [ethereum, base],
      storage: createCookieBackend({ document: jar }),
      plugins: [restoreInitialState(undefined)],
    })
    kernel.connectors.register(fakeWallet())
    await connect(kernel, { connectorId: 'fake' })
    expect(cookieToInitialState(jar.cookie).accounts.eip155?.address).toBe(ADDRESS)
    await disconnect(kernel)
    expect(cookieToInitialState(jar.cookie).accounts).toEqual({})
  })
})
