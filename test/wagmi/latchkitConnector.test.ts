/**
 * The wagmi connector against wagmi's own config and actions (the real wagmi, not a
 * stand-in) and a kernel driven by the scriptable test wallet: Latchkit's connection shows
 * in wagmi, switches go both ways, a wagmi connect opens Latchkit's modal, a disconnect on
 * either side ends both, and wagmi's reconnect waits for Latchkit's. The browser test
 * (test/e2e/wagmi.browser.test.ts) runs the same connector against anvil and the dev wallet.
 */
import {
  connect,
  disconnect,
  reconnect as latchReconnect,
  SwitchChainError,
  switchNetwork,
  UserRejectedRequestError,
} from 'latchkit'
import { latchkitConnector } from 'latchkit/wagmi'
import { defineChain } from 'viem'
import { describe, expect, it } from 'vitest'
import { createConfig, http } from 'wagmi'
import {
  getAccount,
  getConnectorClient,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  reconnect as wagmiReconnect,
  switchChain as wagmiSwitchChain,
} from 'wagmi/actions'
import { ethereum, fakeWallet, memoryBackend, testKernel } from '../kernel/helpers'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'

const wagmiChain = (id: number, name: string) =>
  defineChain({
    id,
    name,
    nativeCurrency: ethereum.nativeCurrency,
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  })
const mainnetChain = wagmiChain(1, 'Ethereum')
const baseChain = wagmiChain(8453, 'Base')
const optimismChain = wagmiChain(10, 'OP')

function setup(options: { storage?: ReturnType<typeof memoryBackend> } = {}) {
  const kernel = testKernel(options.storage ? { storage: options.storage } : {})
  const wallet = fakeWallet({
    getProvider: () => ({
      request: async ({ method }: { method: string }) => {
        wallet.calls.push(`request:${method}`)
        if (method === 'eth_chainId') return `0x${Number(wallet.chainId).toString(16)}`
        if (method === 'eth_accounts') return wallet.accounts.map((account) => account.address)
        throw new Error(`unexpected ${method}`)
      },
    }),
  })
  kernel.connectors.register(wallet)
  const config = createConfig({
    chains: [mainnetChain, baseChain, optimismChain],
    connectors: [latchkitConnector(kernel)],
    multiInjectedProviderDiscovery: false,
    storage: null,
    transports: { 1: http(), 8453: http(), 10: http() },
  })
  return { kernel, wallet, config }
}

/** wagmi's account state once its store has caught up with an event. */
async function accountWhen(
  config: ReturnType<typeof setup>['config'],
  ready: (a: ReturnType<typeof getAccount>) => boolean,
) {
  await expect.poll(() => ready(getAccount(config)), { timeout: 2000, interval: 10 }).toBe(true)
  return getAccount(config)
}

describe('latchkitConnector', () => {
  it('shows a wallet connected through Latchkit in wagmi, and follows its account and chain', async () => {
    const { kernel, wallet, config } = setup()
    expect(getAccount(config).status).toBe('disconnected')
    await connect(kernel, { connectorId: 'fake' })
    const account = await accountWhen(config, (a) => a.status === 'connected')
    expect(account.address).toBe(ADDRESS)
    expect(account.chainId).toBe(1)
    expect(account.connector?.id).toBe('latchkit')

    wallet.emit({ type: 'accountsChanged', accounts: [{ address: OTHER, type: 'eoa' }] })
    expect((await accountWhen(config, (a) => a.address === OTHER)).addresses).toEqual([OTHER])

    await switchNetwork(kernel, { caipNetworkId: 'eip155:8453' })
    expect((await accountWhen(config, (a) => a.chainId === 8453)).status).toBe('connected')
  })

  it("switches Latchkit's network when wagmi switches, and refuses a chain Latchkit does not have", async () => {
    const { kernel, wallet, config } = setup()
    await connect(kernel, { connectorId: 'fake' })
    await accountWhen(config, (a) => a.status === 'connected')
    const chain: { id: number } = await wagmiSwitchChain(config, { chainId: 8453 })
    expect(chain.id).toBe(8453)
    expect(kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(wallet.calls).toContain('switch:8453')
    expect(getAccount(config).chainId).toBe(8453)
    await expect(wagmiSwitchChain(config, { chainId: 10 })).rejects.toThrow(/not configured in both/)
    expect(kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:8453')
  })

  it("a wagmi connect opens Latchkit's modal and resolves when the visitor connects there", async () => {
    const { kernel, config } = setup()
    const connector = config.connectors[0]!
    const connecting = wagmiConnect(config, { connector })
    await expect.poll(() => kernel.getState().modal.open, { timeout: 2000, interval: 10 }).toBe(true)
    // The visitor picks the wallet in the modal, which connects and closes it.
    await connect(kernel, { connectorId: 'fake' })
    kernel.close()
    const result = await connecting
    expect(result.accounts).toEqual([ADDRESS])
    expect(getAccount(config).status).toBe('connected')
  })

  it('a wagmi connect rejects as a user rejection when the visitor closes the modal', async () => {
    const { kernel, config } = setup()
    const connecting = wagmiConnect(config, { connector: config.connectors[0]! })
    await expect.poll(() => kernel.getState().modal.open, { timeout: 2000, interval: 10 }).toBe(true)
    kernel.close()
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('a disconnect on either side ends both', async () => {
    const { kernel, config } = setup()
    await connect(kernel, { connectorId: 'fake' })
    await accountWhen(config, (a) => a.status === 'connected')
    await wagmiDisconnect(config)
    expect(kernel.getState().accounts.eip155?.status).toBe('disconnected')
    expect(getAccount(config).status).toBe('disconnected')

    await connect(kernel, { connectorId: 'fake' })
    await accountWhen(config, (a) => a.status === 'connected')
    await disconnect(kernel)
    expect((await accountWhen(config, (a) => a.status === 'disconnected')).address).toBeUndefined()
  })

  it("wagmi's reconnect waits for Latchkit's silent reconnect instead of giving up", async () => {
    const storage = memoryBackend()
    const first = setup({ storage })
    first.wallet.authorized = true
    await connect(first.kernel, { connectorId: 'fake' })
    // A reload: a new kernel and wagmi config over the same storage, both reconnecting at once.
    const { kernel, wallet, config } = setup({ storage })
    wallet.authorized = true
    // The wallet takes its time to answer, as a real one does over a bridge.
    const answer = wallet.getAuthorized!.bind(wallet)
    wallet.getAuthorized = () => new Promise((resolve) => setTimeout(() => resolve(answer()), 50))
    const latch = latchReconnect(kernel)
    const connections = await wagmiReconnect(config)
    await latch
    expect(connections.map((c) => c.accounts)).toEqual([[ADDRESS]])
    expect(getAccount(config).status).toBe('connected')
  })

  it("wagmi's reconnect with no Latchkit session stays disconnected and opens no modal", async () => {
    const { kernel, config } = setup()
    expect(await wagmiReconnect(config)).toEqual([])
    expect(kernel.getState().modal.open).toBe(false)
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('a switch declined in the wallet rejects in wagmi as UserRejectedRequestError (4001), a failed one as SwitchChainError', async () => {
    const { kernel, wallet, config } = setup()
    await connect(kernel, { connectorId: 'fake' })
    await accountWhen(config, (a) => a.status === 'connected')
    wallet.switchNetwork = async () => {
      throw new UserRejectedRequestError()
    }
    await expect(wagmiSwitchChain(config, { chainId: 8453 })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      code: 4001,
    })
    wallet.switchNetwork = async () => {
      throw new SwitchChainError()
    }
    await expect(wagmiSwitchChain(config, { chainId: 8453 })).rejects.toMatchObject({
      name: 'SwitchChainError',
      code: 4902,
    })
    expect(getAccount(config).chainId).toBe(1)
  })

  it("a wallet's LatchError reaches wagmi's client by its numeric code", async () => {
    const { kernel, wallet, config } = setup()
    wallet.getProvider = () => ({
      request: async () => {
        throw new UserRejectedRequestError()
      },
    })
    await connect(kernel, { connectorId: 'fake' })
    await accountWhen(config, (a) => a.status === 'connected')
    const client = await getConnectorClient(config)
    await expect(
      client.request({ method: 'personal_sign', params: ['0x68', ADDRESS] }),
    ).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      code: 4001,
    })
  })

  it("sends wagmi's wallet requests to the wallet connected now, and refuses with none", async () => {
    const { kernel, wallet, config } = setup()
    await connect(kernel, { connectorId: 'fake' })
    await accountWhen(config, (a) => a.status === 'connected')
    const client = await getConnectorClient(config)
    expect(await client.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(wallet.calls).toContain('request:eth_chainId')
    await disconnect(kernel)
    await expect(client.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })
  })
})
