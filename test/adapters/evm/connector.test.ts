import {
  type ConnectorEvent,
  isUserRejection,
  LatchError,
  RpcError,
  SwitchChainError,
  UserRejectedRequestError,
} from 'latchkit'
import { eip1193Connector } from 'latchkit/adapters/evm'
import { base, defineNetwork, mainnet } from 'latchkit/networks'
import { describe, expect, it } from 'vitest'
import { ACCOUNT, type FakeProvider, fakeProvider, OTHER_ACCOUNT, providerError } from './fakeProvider'

function connectorFor(provider: FakeProvider) {
  return eip1193Connector({
    provider,
    id: 'com.example',
    name: 'Example',
    rdns: 'com.example',
    type: 'ANNOUNCED',
  })
}

/** A wallet that knows chains 1 and 8453 and starts on 1; adding a chain teaches it. */
function switchingProvider(overrides: Record<string, (params: readonly unknown[]) => unknown> = {}) {
  const known = new Set(['0x1', '0x2105'])
  let current = '0x1'
  const provider = fakeProvider({
    eth_chainId: () => current,
    wallet_switchEthereumChain: (params) => {
      const { chainId } = params[0] as { chainId: string }
      if (!known.has(chainId)) throw providerError(4902, 'Unrecognized chain ID')
      current = chainId
      provider.emit('chainChanged', chainId)
      return null
    },
    wallet_addEthereumChain: (params) => {
      known.add((params[0] as { chainId: string }).chainId)
      return null
    },
    ...overrides,
  })
  return provider
}

const zora = defineNetwork({
  id: 7777777,
  name: 'Zora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.zora.energy'] } },
  blockExplorers: { default: { name: 'Zora Explorer', url: 'https://explorer.zora.energy' } },
})

describe('eip1193Connector', () => {
  it('carries the connector fields', () => {
    const provider = fakeProvider()
    const connector = eip1193Connector({
      provider,
      id: 'io.x',
      name: 'X',
      icon: 'https://x.example/i.png',
      rdns: 'io.x',
      uuid: 'u',
      type: 'ANNOUNCED',
    })
    expect(connector).toMatchObject({
      id: 'io.x',
      name: 'X',
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: 'https://x.example/i.png',
      info: { rdns: 'io.x', uuid: 'u' },
    })
    expect(connector.getProvider()).toBe(provider)
  })

  it('connects with eth_requestAccounts then eth_chainId, addresses checksummed', async () => {
    const provider = fakeProvider({ eth_chainId: () => '0x2105' })
    const result = await connectorFor(provider).connect({})
    expect(provider.methods()).toEqual(['eth_requestAccounts', 'eth_chainId'])
    expect(result).toEqual({ accounts: [{ address: ACCOUNT, type: 'eoa' }], chainId: 8453 })
  })

  it('asks the wallet to move to the requested network on connect', async () => {
    const provider = switchingProvider()
    const result = await connectorFor(provider).connect({ network: base })
    expect(result.chainId).toBe(8453)
    expect(provider.methods()).toEqual(['eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain'])
  })

  it('stays connected on the wallet chain when the switch on connect is refused', async () => {
    const provider = switchingProvider({
      wallet_switchEthereumChain: () => {
        throw providerError(4001, 'User rejected')
      },
    })
    const result = await connectorFor(provider).connect({ network: base })
    expect(result).toEqual({ accounts: [{ address: ACCOUNT, type: 'eoa' }], chainId: 1 })
  })

  it('does not switch when the wallet is already on the requested network', async () => {
    const provider = switchingProvider()
    await connectorFor(provider).connect({ network: mainnet })
    expect(provider.methods()).not.toContain('wallet_switchEthereumChain')
  })

  it('maps a refused connect to UserRejectedRequestError', async () => {
    const provider = fakeProvider({
      eth_requestAccounts: () => {
        throw providerError(4001, 'User rejected the request.')
      },
    })
    const error = await connectorFor(provider)
      .connect({})
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(isUserRejection(error)).toBe(true)
  })

  it('restores silently with eth_accounts, and reports nothing when no account is authorised', async () => {
    const provider = fakeProvider()
    expect(await connectorFor(provider).getAuthorized?.()).toEqual({
      accounts: [{ address: ACCOUNT, type: 'eoa' }],
      chainId: 1,
    })
    expect(provider.methods()).toEqual(['eth_accounts', 'eth_chainId'])
    expect(provider.methods()).not.toContain('eth_requestAccounts')

    const empty = fakeProvider({ eth_accounts: () => [] })
    expect(await connectorFor(empty).getAuthorized?.()).toBeUndefined()
  })

  it('revokes permissions on disconnect and ignores a wallet without wallet_revokePermissions', async () => {
    const supporting = fakeProvider({ wallet_revokePermissions: () => null })
    await connectorFor(supporting).disconnect()
    expect(supporting.calls).toEqual([{ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }])

    const lacking = fakeProvider() // answers 4200 to anything unknown
    await expect(connectorFor(lacking).disconnect()).resolves.toBeUndefined()
  })
})

describe('events', () => {
  it('maps accountsChanged, chainChanged and disconnect, and unsubscribes', () => {
    const provider = fakeProvider()
    const events: ConnectorEvent[] = []
    const unsubscribe = connectorFor(provider).subscribe?.((event) => events.push(event))
    expect(provider.listenerCount()).toBe(3)

    provider.emit('accountsChanged', [OTHER_ACCOUNT.toLowerCase(), 'garbage'])
    provider.emit('chainChanged', '0x2105')
    provider.emit('chainChanged', 'not a chain')
    provider.emit('accountsChanged', [])
    provider.emit('disconnect', providerError(4900, 'Disconnected'))
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: [{ address: OTHER_ACCOUNT, type: 'eoa' }] },
      { type: 'chainChanged', chainId: 8453 },
      { type: 'accountsChanged', accounts: [] },
      { type: 'disconnect' },
    ])

    unsubscribe?.()
    expect(provider.listenerCount()).toBe(0)
    provider.emit('chainChanged', '0x1')
    expect(events).toHaveLength(4)
  })

  it('treats a transient 1013 disconnect as no disconnect while the wallet still lists accounts', async () => {
    const provider = fakeProvider()
    const events: ConnectorEvent[] = []
    connectorFor(provider).subscribe?.((event) => events.push(event))
    provider.emit('disconnect', providerError(1013, 'Try again later'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events).toEqual([])

    provider.handlers.eth_accounts = () => []
    provider.emit('disconnect', providerError(1013, 'Try again later'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events).toEqual([{ type: 'disconnect' }])
  })

  it('gives a no-op unsubscribe for a provider without events', () => {
    const connector = eip1193Connector({ provider: { request: async () => null }, id: 'x', name: 'X' })
    expect(connector.subscribe?.(() => {})).toBeTypeOf('function')
  })
})

describe('switchNetwork', () => {
  it('switches with wallet_switchEthereumChain', async () => {
    const provider = switchingProvider()
    await connectorFor(provider).switchNetwork?.(base)
    expect(provider.calls).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] },
    ])
  })

  it('on 4902 adds the chain with its RPC, currency and explorer, switches again and re-reads the chain id', async () => {
    const provider = switchingProvider()
    await connectorFor(provider).switchNetwork?.(zora)
    expect(provider.methods()).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
      'eth_chainId',
    ])
    expect(provider.calls[1]?.params).toEqual([
      {
        chainId: '0x76adf1',
        chainName: 'Zora',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://rpc.zora.energy'],
        blockExplorerUrls: ['https://explorer.zora.energy'],
      },
    ])
  })

  it('recognises 4902 nested in data.originalError', async () => {
    const provider = switchingProvider()
    const inner = provider.handlers.wallet_switchEthereumChain!
    provider.handlers.wallet_switchEthereumChain = (params) => {
      try {
        return inner(params)
      } catch (error) {
        throw providerError(-32603, 'Internal error', { originalError: error })
      }
    }
    await connectorFor(provider).switchNetwork?.(zora)
    expect(provider.methods()).toContain('wallet_addEthereumChain')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x76adf1')
  })

  it('reports a chain mismatch when the wallet adds the chain but stays where it was', async () => {
    const provider = switchingProvider()
    let switches = 0
    // Answers 4902 once, then claims success without ever moving off chain 1.
    provider.handlers.wallet_switchEthereumChain = () => {
      switches++
      if (switches === 1) throw providerError(4902)
      return null
    }
    const error = await connectorFor(provider)
      .switchNetwork?.(zora)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toBe('CHAIN_MISMATCH')
  })

  it('maps a refused add to UserRejectedRequestError', async () => {
    const provider = switchingProvider({
      wallet_addEthereumChain: () => {
        throw providerError(4001)
      },
    })
    await expect(connectorFor(provider).switchNetwork?.(zora)).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('refuses a network that is not eip155 before asking the wallet', async () => {
    const provider = switchingProvider()
    const solanaLike = defineNetwork({
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      chainNamespace: 'solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [] } },
    })
    await expect(connectorFor(provider).switchNetwork?.(solanaLike)).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    expect(provider.calls).toEqual([])
  })
})

describe('error mapping', () => {
  const cases: Array<[number, string, string]> = [
    [4001, 'UserRejectedRequestError', 'USER_REJECTED'],
    [4100, 'UnauthorizedProviderError', 'UNAUTHORIZED'],
    [4200, 'UnsupportedProviderMethodError', 'UNSUPPORTED_METHOD'],
    [4900, 'ProviderDisconnectedError', 'PROVIDER_DISCONNECTED'],
    [4901, 'ChainDisconnectedError', 'CHAIN_DISCONNECTED'],
    [4902, 'SwitchChainError', 'UNRECOGNIZED_CHAIN'],
  ]
  it.each(cases)('maps provider code %i to %s', async (code, name, latchCode) => {
    const raw = providerError(code, 'from the wallet')
    const provider = fakeProvider({
      eth_requestAccounts: () => {
        throw raw
      },
    })
    const error = (await connectorFor(provider)
      .connect({})
      .catch((e: unknown) => e)) as RpcError
    expect(error).toBeInstanceOf(RpcError)
    expect(error.name).toBe(name)
    expect(error.code).toBe(latchCode)
    expect(error.rpcCode).toBe(code)
    expect(error.cause).toBe(raw)
    if (code === 4902) expect(error).toBeInstanceOf(SwitchChainError)
  })

  it('maps a switch failure other than 4902 without trying to add the chain', async () => {
    const provider = switchingProvider({
      wallet_switchEthereumChain: () => {
        throw providerError(4100)
      },
    })
    await expect(connectorFor(provider).switchNetwork?.(base)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(provider.methods()).not.toContain('wallet_addEthereumChain')
  })
})
