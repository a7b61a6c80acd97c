import { connect, createKernel, isUserRejection, type Kernel } from 'latchkit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectThroughSession } from '../../../plugins/walletconnect/connectThroughSession'
import type { WalletConnectClient } from '../../../plugins/walletconnect/createSignClient'
import { sessionConnector } from '../../../plugins/walletconnect/sessionConnector'
import { createSessionManager } from '../../../plugins/walletconnect/sessionManager'
import { fakeAdapter, localnet, ME, othernet } from '../helpers'

const TOPIC = 'ab'.repeat(32)

/**
 * A stand-in for the SDK client with the calls the plugin makes; each `connect` makes a
 * pairing whose approval the test settles. The SDK itself runs against the real relay in
 * the browser tests; here only the plugin's own bookkeeping is under test.
 */
function fakeClient() {
  const handlers = new Map<string, (event: never) => void>()
  const pairings: { uri: string; approve(session: unknown): void; reject(error: unknown): void }[] = []
  const stored: unknown[] = []
  const requests: unknown[] = []
  const disconnects: unknown[] = []
  const client = {
    connect: vi.fn(async () => {
      const expiry = Math.floor(Date.now() / 1000) + 300
      let approve!: (session: unknown) => void
      let reject!: (error: unknown) => void
      const approval = new Promise((resolve, fail) => {
        approve = resolve
        reject = fail
      })
      const uri = `wc:${String(pairings.length).padStart(64, '0')}@2?relay-protocol=irn&symKey=00&expiryTimestamp=${expiry}`
      pairings.push({ uri, approve, reject })
      return { uri, approval: () => approval }
    }),
    on: (name: string, handler: (event: never) => void) => handlers.set(name, handler),
    session: { getAll: () => stored },
    request: vi.fn(async (call: unknown) => {
      requests.push(call)
      return '0xsigned'
    }),
    disconnect: vi.fn(async (call: unknown) => {
      disconnects.push(call)
    }),
  }
  const fire = (name: string, event: unknown) => handlers.get(name)?.(event as never)
  return {
    client: client as unknown as WalletConnectClient,
    pairings,
    stored,
    requests,
    disconnects,
    fire,
    calls: client,
  }
}

function session(accounts: string[], topic = TOPIC) {
  return {
    topic,
    expiry: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
    namespaces: {
      eip155: {
        accounts: accounts.filter((a) => a.startsWith('eip155')),
        chains: ['eip155:31337', 'eip155:31338'],
        methods: ['personal_sign'],
        events: [],
      },
      solana: { accounts: accounts.filter((a) => a.startsWith('solana')), methods: [], events: [] },
    },
  }
}

const memory = () => {
  const data = new Map<string, string>()
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

let kernel: Kernel | undefined
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
  vi.useRealTimers()
})

function setup(storage = memory()) {
  kernel = createKernel({ networks: [localnet, othernet], adapters: [fakeAdapter()], storage })
  const fake = fakeClient()
  const load = vi.fn(async () => fake.client)
  const sessions = createSessionManager(kernel, load)
  kernel.connectors.register(sessionConnector(kernel, sessions, 'eip155'))
  return { kernel, fake, load, sessions, storage }
}

describe('WalletConnect session manager', () => {
  it('shows a pairing code, then connects the account the wallet approved', async () => {
    const { kernel, fake, sessions } = setup()
    const done = connectThroughSession(kernel, sessions)
    await vi.waitFor(() => expect(sessions.pairing.get().status).toBe('pairing'))
    expect(sessions.pairing.get().uri).toBe(fake.pairings[0]?.uri)
    fake.pairings[0]?.approve(session([`eip155:31337:${ME}`]))
    await done
    expect(sessions.pairing.get().status).toBe('connected')
    expect(kernel.getState().accounts.eip155?.address).toBe(ME)
    expect(kernel.getState().connectorIds.eip155).toBe('walletConnect:eip155')
  })

  it('shows declined when the wallet rejects the proposal, and a retry makes a new code', async () => {
    const { kernel, fake, sessions } = setup()
    const attempt = sessions.pair()
    await vi.waitFor(() => expect(fake.pairings).toHaveLength(1))
    fake.pairings[0]?.reject({ code: 5000, message: 'User rejected.' })
    const error = await attempt.catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
    expect(sessions.pairing.get().status).toBe('declined')
    expect(kernel.getState().accounts.eip155?.status).toBe('disconnected')

    const retry = connectThroughSession(kernel, sessions)
    await vi.waitFor(() => expect(fake.pairings).toHaveLength(2))
    expect(fake.pairings[1]?.uri).not.toBe(fake.pairings[0]?.uri)
    fake.pairings[1]?.approve(session([`eip155:31337:${ME}`]))
    await retry
    expect(kernel.getState().accounts.eip155?.status).toBe('connected')
  })

  it('makes a new code 30 s before the old one expires, and ends as expired after the third', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { fake, sessions } = setup()
    const attempt = sessions.pair().catch((e: unknown) => e)
    await vi.waitFor(() => expect(fake.pairings).toHaveLength(1))
    // vi.waitFor moves fake time on while it waits, so count from the code's own expiry.
    const untilRefresh = () => (sessions.pairing.get().expiresAt ?? 0) - 30_000 - Date.now()
    expect(untilRefresh()).toBeGreaterThan(260_000)
    await vi.advanceTimersByTimeAsync(untilRefresh() - 1_000)
    expect(fake.pairings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(fake.pairings).toHaveLength(2)
    expect(sessions.pairing.get().uri).toBe(fake.pairings[1]?.uri)
    // The first code running out while the second is shown changes nothing.
    fake.pairings[0]?.reject({ code: 0, message: 'Proposal expired' })
    await vi.advanceTimersByTimeAsync(0)
    expect(sessions.pairing.get().status).toBe('pairing')
    await vi.advanceTimersByTimeAsync(270_000)
    expect(fake.pairings).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(300_000)
    expect(sessions.pairing.get().status).toBe('expired')
    expect(await attempt).toMatchObject({ code: 'WALLETCONNECT_PAIRING_EXPIRED' })
  })

  it('restores the stored session after a reload without a prompt or a new pairing', async () => {
    const storage = memory()
    const first = setup(storage)
    const done = connectThroughSession(first.kernel, first.sessions)
    await vi.waitFor(() => expect(first.fake.pairings).toHaveLength(1))
    first.fake.pairings[0]?.approve(session([`eip155:31338:${ME}`]))
    await done
    first.kernel.destroy()

    // The next page: a new kernel and client on the same storage, the SDK's store holds the session.
    const second = setup(storage)
    second.fake.stored.push(session([`eip155:31338:${ME}`]))
    const connector = second.kernel.connectors.get('walletConnect:eip155')
    const restored = await connector?.getAuthorized?.()
    expect(restored).toEqual({ accounts: [{ address: ME, type: 'eoa' }], chainId: 31338 })
    expect(second.fake.calls.connect).not.toHaveBeenCalled()
  })

  it('never loads the SDK at start-up when no session was stored', async () => {
    const { kernel, load } = setup()
    expect(await kernel.connectors.get('walletConnect:eip155')?.getAuthorized?.()).toBeUndefined()
    expect(load).not.toHaveBeenCalled()
  })

  it('follows the wallet: account and chain changes, and the session ended from the wallet', async () => {
    const { kernel, fake, sessions } = setup()
    const done = connectThroughSession(kernel, sessions)
    await vi.waitFor(() => expect(fake.pairings).toHaveLength(1))
    fake.pairings[0]?.approve(session([`eip155:31337:${ME}`]))
    await done
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    fake.fire('session_event', {
      topic: TOPIC,
      params: {
        chainId: 'eip155:31337',
        event: { name: 'accountsChanged', data: [`eip155:31337:${other}`] },
      },
    })
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.address).toBe(other))
    fake.fire('session_event', {
      topic: TOPIC,
      params: { chainId: 'eip155:31338', event: { name: 'chainChanged', data: 31338 } },
    })
    await vi.waitFor(() =>
      expect(kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:31338'),
    )
    // Another session's events are not ours.
    fake.fire('session_delete', { topic: 'cd'.repeat(32) })
    expect(kernel.getState().accounts.eip155?.status).toBe('connected')
    fake.fire('session_delete', { topic: TOPIC })
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.status).toBe('disconnected'))
    expect(sessions.session()).toBeUndefined()
  })

  it('sends signing to the wallet on the active chain, answers accounts and chain itself, and ends the session on disconnect', async () => {
    const { kernel, fake, sessions } = setup()
    const done = connectThroughSession(kernel, sessions)
    await vi.waitFor(() => expect(fake.pairings).toHaveLength(1))
    fake.pairings[0]?.approve(session([`eip155:31337:${ME}`, `eip155:31338:${ME}`]))
    await done
    const provider = kernel.connectors.get('walletConnect:eip155')?.getProvider() as {
      request(args: { method: string; params?: unknown }): Promise<unknown>
    }
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ME])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await provider.request({ method: 'personal_sign', params: ['0x68', ME] })
    expect(fake.requests.at(-1)).toMatchObject({
      topic: TOPIC,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign' },
    })
    // An approved chain switches without asking the wallet.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(fake.requests).toHaveLength(1)
    await provider.request({ method: 'personal_sign', params: ['0x68', ME] })
    expect(fake.requests.at(-1)).toMatchObject({ chainId: 'eip155:31338' })

    const { disconnect } = await import('latchkit')
    await disconnect(kernel)
    expect(fake.disconnects).toEqual([
      { topic: TOPIC, reason: { code: 6000, message: 'User disconnected.' } },
    ])
    expect(sessions.session()).toBeUndefined()
  })

  it('refuses a second connect while the stored session is being restored', async () => {
    const storage = memory()
    const first = setup(storage)
    const done = connectThroughSession(first.kernel, first.sessions)
    await vi.waitFor(() => expect(first.fake.pairings).toHaveLength(1))
    first.fake.pairings[0]?.approve(session([`eip155:31337:${ME}`]))
    await done
    first.kernel.destroy()
    const second = setup(storage)
    second.fake.stored.push(session([`eip155:31337:${ME}`]))
    const restoring = second.sessions.restore()
    await expect(second.sessions.pair()).rejects.toMatchObject({ code: 'CONNECTOR_RECONNECTING' })
    await restoring
    await expect(connect(second.kernel, { connectorId: 'walletConnect:eip155' })).resolves.toMatchObject({
      namespace: 'eip155',
    })
  })
})
