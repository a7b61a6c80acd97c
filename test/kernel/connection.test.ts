import {
  connect,
  createKernel,
  disconnect,
  reconnect,
  switchNetwork,
  UserRejectedRequestError,
} from 'latchkit'
import { describe, expect, it, vi } from 'vitest'
import { base, ethereum, fakeWallet, memoryBackend, solanaMainnet, testKernel } from './helpers'

const ADDRESS = '0x1111111111111111111111111111111111111111'

describe('connection state machine', () => {
  it('a silent reconnect leaves a namespace that is connected already alone', async () => {
    // Connected by code before the page rendered: the provider's reconnect on mount must
    // not ask the wallet again (this one cannot answer without a prompt) and lose it.
    const kernel = testKernel()
    const wallet = fakeWallet({ getAuthorized: undefined })
    kernel.connectors.register(wallet)
    await connect(kernel, { connectorId: 'fake' })
    expect(await reconnect(kernel, { waitMs: 10 })).toEqual([])
    expect(kernel.getState().accounts.eip155).toMatchObject({ address: ADDRESS, status: 'connected' })
  })

  it('disconnected -> connecting -> connected, with events and stored recent wallet', async () => {
    const backend = memoryBackend()
    const kernel = testKernel({ storage: backend })
    const wallet = fakeWallet()
    kernel.connectors.register(wallet)
    const statuses: string[] = []
    kernel.subscribe((s, p) => s.status !== p.status && statuses.push(s.status))
    const success = vi.fn()
    kernel.bus.on('connect:success', success)
    await connect(kernel, { connectorId: 'fake' })
    expect(statuses).toEqual(['connecting', 'connected'])
    const account = kernel.getState().accounts.eip155
    expect(account?.address).toBe(ADDRESS)
    expect(account?.caipAddress).toBe(`eip155:1:${ADDRESS}`)
    expect(account?.connectedWalletInfo?.name).toBe('Fake Wallet')
    expect(kernel.getState().connectorIds.eip155).toBe('fake')
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ connectorId: 'fake', address: ADDRESS }))
    expect(kernel.storage.get('recentWallets')?.[0]?.id).toBe('fake')
  })

  it('a rejection returns to disconnected with a UserRejectedRequestError and a connect:error event', async () => {
    const kernel = testKernel()
    const wallet = fakeWallet()
    wallet.reject = true
    kernel.connectors.register(wallet)
    const failed = vi.fn()
    kernel.bus.on('connect:error', failed)
    await expect(connect(kernel, { connectorId: 'fake' })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(kernel.getState().status).toBe('disconnected')
    expect(failed.mock.calls[0]?.[0].error.rpcCode).toBe(4001)
  })

  it('refuses an unknown connector, an already connected one and an unconfigured network', async () => {
    const kernel = testKernel()
    kernel.connectors.register(fakeWallet())
    await expect(connect(kernel, { connectorId: 'nope' })).rejects.toThrow('Connector not found')
    await expect(connect(kernel, { connectorId: 'fake', caipNetworkId: 'eip155:10' })).rejects.toThrow(
      'Network not found',
    )
    await connect(kernel, { connectorId: 'fake' })
    await expect(connect(kernel, { connectorId: 'fake' })).rejects.toThrow('Connector already connected')
  })

  it('follows accountsChanged, chainChanged and disconnect from the wallet', async () => {
    const kernel = testKernel()
    const wallet = fakeWallet()
    kernel.connectors.register(wallet)
    await connect(kernel, { connectorId: 'fake' })
    const other = '0x2222222222222222222222222222222222222222'
    wallet.emit({ type: 'accountsChanged', accounts: [{ address: other, type: 'eoa' }] })
    expect(kernel.getState().accounts.eip155?.address).toBe(other)
    wallet.emit({ type: 'chainChanged', chainId: 8453 })
    expect(kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(kernel.getState().accounts.eip155?.caipAddress).toBe(`eip155:8453:${other}`)
    wallet.emit({ type: 'disconnect' })
    expect(kernel.getState().status).toBe('disconnected')
    expect(kernel.getState().accounts.eip155?.address).toBeUndefined()
  })

  it('an unsupported chain opens UnsupportedChain; switching back closes it', async () => {
    const kernel = testKernel()
    const wallet = fakeWallet()
    kernel.connectors.register(wallet)
    await connect(kernel, { connectorId: 'fake' })
    wallet.emit({ type: 'chainChanged', chainId: 999 })
    expect(kernel.getState().modal.open).toBe(true)
    expect(kernel.router.current()?.view).toBe('UnsupportedChain')
    await switchNetwork(kernel, { caipNetworkId: 'eip155:1' })
    expect(wallet.calls).toContain('switch:1')
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('does not open UnsupportedChain when unsupported chains are allowed or switching is off', async () => {
    for (const options of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }]) {
      const kernel = testKernel(options)
      const wallet = fakeWallet()
      wallet.chainId = 999
      kernel.connectors.register(wallet)
      await connect(kernel, { connectorId: 'fake' })
      expect(kernel.getState().modal.open).toBe(false)
    }
  })

  it('switchNetwork asks the connected wallet and maps its refusal', async () => {
    const kernel = testKernel()
    const wallet = fakeWallet({
      async switchNetwork() {
        throw Object.assign(new Error('no'), { code: 4001 })
      },
    })
    kernel.connectors.register(wallet)
    await connect(kernel, { connectorId: 'fake' })
    await expect(switchNetwork(kernel, { caipNetworkId: 'eip155:8453' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:1')
    await expect(switchNetwork(kernel, { caipNetworkId: 'eip155:5' })).rejects.toThrow('Network not found')
  })

  it('switching namespace sets the switching flag while it runs', async () => {
    const kernel = createKernel({ networks: [ethereum, solanaMainnet], storage: null })
    const seen: boolean[] = []
    kernel.subscribe((s) => seen.push(s.switchingNamespace))
    await switchNetwork(kernel, { caipNetworkId: solanaMainnet.caipNetworkId })
    expect(seen).toContain(true)
    expect(kernel.getState().switchingNamespace).toBe(false)
    expect(kernel.getState().activeNamespace).toBe('solana')
  })

  it('disconnect clears account, network, connector id and social provider; plugin slices reset', async () => {
    const kernel = testKernel({
      plugins: [
        {
          id: 'send',
          initialState: () => ({ amount: '' }),
          setup(ctx) {
            ctx.bus.on('connect:success', () =>
              ctx.state.set((d: { amount: string }) => {
                d.amount = '1'
              }),
            )
          },
        },
      ],
    })
    kernel.connectors.register(fakeWallet())
    await connect(kernel, { connectorId: 'fake' })
    kernel.store.setState((d) => {
      d.accounts.eip155!.socialProvider = 'google'
    })
    expect(kernel.pluginState('send')).toEqual({ amount: '1' })
    await disconnect(kernel)
    const state = kernel.getState()
    expect(state.accounts.eip155?.address).toBeUndefined()
    expect(state.accounts.eip155?.socialProvider).toBeUndefined()
    expect(state.connectorIds.eip155).toBeUndefined()
    expect(state.status).toBe('disconnected')
    expect(kernel.pluginState('send')).toEqual({ amount: '' })
  })

  it('a wallet that fails to disconnect still leaves local state clear, then says so', async () => {
    const kernel = testKernel()
    kernel.connectors.register(
      fakeWallet({
        async disconnect() {
          throw new Error('wallet gone')
        },
      }),
    )
    await connect(kernel, { connectorId: 'fake' })
    await expect(disconnect(kernel)).rejects.toThrow('Failed to disconnect')
    expect(kernel.getState().status).toBe('disconnected')
  })

  it('disconnecting a wallet-connect or auth connector disconnects its other chains too', async () => {
    for (const type of ['WALLET_CONNECT', 'AUTH'] as const) {
      const kernel = createKernel({ networks: [ethereum, solanaMainnet], storage: null })
      const evm = fakeWallet({ id: `${type}-evm`, type })
      const sol = fakeWallet({
        id: `${type}-sol`,
        type,
        chain: 'solana',
        address: 'So1ana1111111111111111111111111111111111111',
      })
      sol.chainId = solanaMainnet.id
      const other = fakeWallet({ id: 'plain-sol', chain: 'solana' })
      kernel.connectors.register(evm)
      kernel.connectors.register(sol)
      await connect(kernel, { connectorId: sol.id })
      await connect(kernel, { connectorId: evm.id })
      expect(kernel.getState().activeNamespace).toBe('eip155')
      await disconnect(kernel, { namespace: 'eip155' })
      expect(kernel.getState().accounts.solana?.status).toBe('disconnected')
      // The page stays on the network it was on, not on the last namespace cleared.
      expect(kernel.getState().activeNamespace).toBe('eip155')
      // An ordinary connector on the other chain is left alone.
      const k2 = createKernel({ networks: [ethereum, solanaMainnet], storage: null })
      k2.connectors.register(fakeWallet({ id: 'e', type }))
      other.chainId = solanaMainnet.id
      k2.connectors.register(other)
      await connect(k2, { connectorId: 'e' })
      await connect(k2, { connectorId: 'plain-sol' })
      await disconnect(k2, { namespace: 'eip155' })
      expect(k2.getState().accounts.solana?.status).toBe('connected')
    }
  })

  it('reconnect tries the recent connector first and restores the session without a prompt', async () => {
    const backend = memoryBackend()
    const first = testKernel({ storage: backend })
    const wallet = fakeWallet()
    first.connectors.register(wallet)
    await connect(first, { connectorId: 'fake' })
    first.destroy()

    // A reload: a new kernel on the same storage; the connector announces itself late.
    // Creating the kernel runs nothing: the reconnect starts when the app asks.
    const second = testKernel({ storage: backend })
    expect(second.getState().status).toBe('disconnected')
    const ended = vi.fn()
    second.bus.on('reconnect:end', ended)
    const reconnecting = reconnect(second)
    expect(second.getState().status).toBe('reconnecting')
    setTimeout(() => second.connectors.register(wallet), 20)
    expect(await reconnecting).toEqual(['eip155'])
    expect(ended).toHaveBeenCalledWith({ restored: ['eip155'] })
    expect(second.getState().status).toBe('connected')
    expect(wallet.calls.filter((c) => c === 'connect')).toHaveLength(1)
    expect(second.getState().accounts.eip155?.address).toBe(ADDRESS)
  })

  it('reconnect ends disconnected when no connector succeeds, and not at all after disconnect', async () => {
    const backend = memoryBackend()
    const first = testKernel({ storage: backend })
    const wallet = fakeWallet()
    first.connectors.register(wallet)
    await connect(first, { connectorId: 'fake' })
    wallet.authorized = false // the wallet forgot the site
    const second = testKernel({ storage: backend })
    second.connectors.register(wallet)
    expect(await reconnect(second)).toEqual([])
    expect(second.getState().status).toBe('disconnected')

    wallet.authorized = true
    await disconnect(first)
    const third = testKernel({ storage: backend })
    third.connectors.register(wallet)
    expect(await reconnect(third)).toEqual([])
  })

  it('reconnect restores the session from the stored connector ids when the namespace list is lost or corrupt', async () => {
    for (const damage of ['remove', '{not json', '"eip155"']) {
      const backend = memoryBackend()
      const first = testKernel({ storage: backend })
      const wallet = fakeWallet()
      first.connectors.register(wallet)
      await connect(first, { connectorId: 'fake' })
      first.destroy()
      const key = [...backend.map.keys()].find((k) => k.endsWith('connectedNamespaces')) as string
      if (damage === 'remove') backend.map.delete(key)
      else backend.map.set(key, damage)
      // Nothing else of the last session is left to go by.
      for (const k of [...backend.map.keys()]) if (k.endsWith('recentWallets')) backend.map.delete(k)

      const second = testKernel({ storage: backend })
      second.connectors.register(wallet)
      expect(await reconnect(second)).toEqual(['eip155'])
      expect(second.getState().accounts.eip155?.address).toBe(ADDRESS)
    }
  })

  it('shows the balance again after a quick disconnect and reconnect of the same account, from one read', async () => {
    const getBalance = vi.fn(async () => ({ balance: '1.5', symbol: 'ETH' }))
    const kernel = testKernel({ adapters: [{ namespace: 'eip155', getBalance }] })
    kernel.connectors.register(fakeWallet())
    await connect(kernel, { connectorId: 'fake' })
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.balance).toBe('1.5'))
    await disconnect(kernel)
    expect(kernel.getState().accounts.eip155?.balance).toBeUndefined()
    // Within the 30 s the first read is kept: it is reused, and its figure written again.
    await connect(kernel, { connectorId: 'fake' })
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.balance).toBe('1.5'))
    expect(kernel.getState().accounts.eip155?.balanceSymbol).toBe('ETH')
    expect(getBalance).toHaveBeenCalledOnce()
  })

  it('restores the last used chain at start-up', async () => {
    const backend = memoryBackend()
    const first = testKernel({ storage: backend })
    await switchNetwork(first, { caipNetworkId: base.caipNetworkId })
    const second = testKernel({ storage: backend })
    expect(second.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:8453')
  })

  it('survives corrupt stored values: they are dropped, the rest is kept', async () => {
    const backend = memoryBackend()
    const first = testKernel({ storage: backend })
    first.connectors.register(fakeWallet())
    await connect(first, { connectorId: 'fake' })
    const key = [...backend.map.keys()].find((k) => k.endsWith('lastUsedChain')) as string
    backend.map.set(key, '{not json')
    const second = testKernel({ storage: backend })
    expect(second.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(backend.map.has(key)).toBe(false)
    expect(second.storage.get('recentWallets')?.[0]?.id).toBe('fake')
  })

  it('reads the native balance through the adapter after connect', async () => {
    const kernel = testKernel({
      adapters: [{ namespace: 'eip155', getBalance: async () => ({ balance: '1.5', symbol: 'ETH' }) }],
    })
    kernel.connectors.register(fakeWallet())
    await connect(kernel, { connectorId: 'fake' })
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.balance).toBe('1.5'))
    expect(kernel.getState().accounts.eip155?.balanceSymbol).toBe('ETH')
  })
})

describe("a wallet on a chain the app does not know: the stand-in network's currency", () => {
  const solanaWallet = (chainId: string) =>
    Object.assign(fakeWallet({ chain: 'solana', address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' }), {
      chainId,
    })
  const currencyOf = (kernel: ReturnType<typeof testKernel>) =>
    kernel.getState().networks.solana?.caipNetwork?.nativeCurrency

  it("is the namespace's first configured network's, not the EVM default", async () => {
    const kernel = testKernel({ networks: [ethereum, solanaMainnet] })
    kernel.connectors.register(solanaWallet('4uhcVJyU9pJkvQyS88uRDiswHXSRkCaC'))
    await connect(kernel, { connectorId: 'fake' })
    const network = kernel.getState().networks.solana?.caipNetwork
    expect(network?.name).toBe('Unknown network (solana:4uhcVJyU9pJkvQyS88uRDiswHXSRkCaC)')
    expect(network?.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
  })

  it("is the adapter's when no network of the namespace is configured, else no guess", async () => {
    const withCurrency = testKernel({
      adapters: [{ namespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }],
    })
    withCurrency.connectors.register(solanaWallet('EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd'))
    await connect(withCurrency, { connectorId: 'fake' })
    expect(currencyOf(withCurrency)).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })

    const without = testKernel({ adapters: [{ namespace: 'solana' }] })
    without.connectors.register(solanaWallet('EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd'))
    await connect(without, { connectorId: 'fake' })
    expect(currencyOf(without)).toEqual({ name: 'Unknown', symbol: '', decimals: 0 })
  })
})
