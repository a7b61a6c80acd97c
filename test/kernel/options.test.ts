import { ConfigError, createKernel } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { base, ethereum, solanaMainnet } from './helpers'

describe('createKernel options', () => {
  it('defaults to eip155:1 when the list has it, else the first network', () => {
    const withMainnet = createKernel({ networks: [base, ethereum], storage: null })
    expect(withMainnet.options.defaultNetwork).toBe('eip155:1')
    expect(withMainnet.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:1')
    const without = createKernel({ networks: [base], storage: null })
    expect(without.options.defaultNetwork).toBe('eip155:8453')
  })

  it('keeps per-namespace account and network state with exactly the fields', () => {
    const kernel = createKernel({ networks: [ethereum, solanaMainnet], storage: null })
    const { accounts, networks } = kernel.getState()
    expect(Object.keys(accounts).sort()).toEqual(['eip155', 'solana'])
    expect(Object.keys(accounts.eip155 ?? {}).sort()).toEqual(
      [
        'caipAddress',
        'address',
        'balance',
        'balanceSymbol',
        'profileName',
        'profileImage',
        'addressExplorerUrl',
        'user',
        'tokenBalance',
        'smartAccountDeployed',
        'preferredAccountTypes',
        'socialProvider',
        'allAccounts',
        'addressLabels',
        'connectedWalletInfo',
        'farcasterUrl',
        'status',
        'currentTab',
      ].sort(),
    )
    expect(Object.keys(networks.solana ?? {}).sort()).toEqual(
      [
        'caipNetwork',
        'requestedCaipNetworks',
        'approvedCaipNetworkIds',
        'supportsAllNetworks',
        'smartAccountEnabledNetworks',
      ].sort(),
    )
    expect(networks.solana?.caipNetwork?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
    // preferred account type defaults.
    expect(accounts.eip155?.preferredAccountTypes).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
      polkadot: 'eoa',
      bip122: 'payment',
    })
  })

  it.each([
    [{}, /options\.networks/],
    [{ networks: [] }, /options\.networks: needs at least one network/],
    [{ networks: [{ ...ethereum, caipNetworkId: 'ethereum' }] }, /options\.networks\[0\]\.caipNetworkId/],
    [
      { networks: [ethereum], defaultNetwork: 'eip155:10' },
      /defaultNetwork: eip155:10 is not in options.networks/,
    ],
    [{ networks: [ethereum, ethereum] }, /eip155:1 is listed twice/],
    [{ networks: [ethereum], theme: { mode: 'blue' } }, /options\.theme\.mode/],
    [{ networks: [ethereum], api: { blockchainUrl: 'not a url' } }, /options\.api\.blockchainUrl/],
    [{ networks: [ethereum], plugins: [{ id: 'p' }] }, /options\.plugins\[0\]\.setup/],
    [{ networks: [{ ...ethereum, chainNamespace: 'solana' }] }, /does not belong to namespace solana/],
  ])('rejects %j with a ConfigError naming the option', (options, message) => {
    let caught: unknown
    try {
      createKernel(options as never)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as ConfigError).code).toBe('INVALID_OPTIONS')
    expect((caught as Error).message).toMatch(message)
  })

  it('rejects an auth connector outside eip155 and solana', () => {
    const kernel = createKernel({ networks: [ethereum], storage: null })
    const auth = {
      id: 'auth',
      name: 'Email',
      type: 'AUTH' as const,
      chain: 'polkadot',
      connect: async () => ({ accounts: [], chainId: 1 }),
      disconnect: async () => {},
      getProvider: () => undefined,
    }
    expect(() => kernel.connectors.register(auth)).toThrow(/not supported on polkadot/)
    expect(() => kernel.connectors.register({ ...auth, chain: 'solana' })).not.toThrow()
  })
})
