import { isCaipNetworkId, type Network } from 'latchkit'
import * as networks from 'latchkit/networks'
import { describe, expect, it } from 'vitest'

const { defineNetwork, localChain, localSolana, ...catalogue } = networks
const all = Object.entries(catalogue) as Array<[string, Network]>

describe('latchkit/networks', () => {
  it('ships about 24 EVM networks and the 3 Solana clusters', () => {
    expect(all.filter(([, n]) => n.chainNamespace === 'eip155').length).toBeGreaterThanOrEqual(24)
    expect(
      all
        .filter(([, n]) => n.chainNamespace === 'solana')
        .map(([name]) => name)
        .sort(),
    ).toEqual(['solana', 'solanaDevnet', 'solanaTestnet'])
  })

  it.each(all)('%s is a complete CAIP network', (_name, network) => {
    expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
    expect(isCaipNetworkId(network.caipNetworkId)).toBe(true)
    expect(network.name.length).toBeGreaterThan(0)
    expect(network.nativeCurrency.symbol.length).toBeGreaterThan(0)
    expect(network.rpcUrls.default.http.length).toBeGreaterThan(0)
    for (const url of network.rpcUrls.default.http) expect(url).toMatch(/^https:\/\//)
    if (network.blockExplorers) expect(network.blockExplorers.default.url).toMatch(/^https:\/\/[^/]+$/)
    if (network.chainNamespace === 'eip155') {
      expect(Number.isSafeInteger(network.id)).toBe(true)
      expect(network.nativeCurrency.decimals).toBe(18)
    }
  })

  it('has no two networks with one CAIP id', () => {
    const ids = all.map(([, n]) => n.caipNetworkId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('uses the CAIP-2 ids of the Solana clusters', () => {
    expect(networks.solana.caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(networks.solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSRkCaC')
    expect(networks.solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd')
  })

  it('has the well-known chain ids', () => {
    expect(networks.mainnet.id).toBe(1)
    expect(networks.base.id).toBe(8453)
    expect(networks.optimism.id).toBe(10)
    expect(networks.arbitrum.id).toBe(42161)
    expect(networks.polygon.id).toBe(137)
    expect(networks.sepolia.testnet).toBe(true)
    expect(networks.mainnet.testnet).toBeUndefined()
  })

  it('defineNetwork derives the CAIP id and defaults to eip155', () => {
    const custom = defineNetwork({
      id: 123,
      name: 'Custom',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.custom.example'] } },
    })
    expect(custom).toMatchObject({ chainNamespace: 'eip155', caipNetworkId: 'eip155:123' })
  })

  it('localChain describes an anvil chain', () => {
    expect(localChain(31338, 'http://127.0.0.1:9000')).toEqual({
      id: 31338,
      name: 'Latch Local 31338',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31338',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9000'] } },
      testnet: true,
    })
    expect(localChain(31337, 'http://127.0.0.1:8545', 'Dev').name).toBe('Dev')
  })
})
