import { describe, expect, it } from 'vitest'
import { connectResultOf } from './authConnector'

const user = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 'eip155:31337',
  accounts: [
    { address: '0x1111111111111111111111111111111111111111', type: 'smartAccount' as const },
    { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' as const },
  ],
  preferredAccountType: 'smartAccount' as const,
  smartAccountDeployed: false,
}

describe('connectResultOf', () => {
  it("puts the account in use (the user's address, the eoa) first, whatever type is preferred", () => {
    expect(connectResultOf('eip155', user)).toEqual({
      accounts: [
        { address: user.address, type: 'eoa' },
        { address: '0x1111111111111111111111111111111111111111', type: 'smartAccount' },
      ],
      chainId: 31337,
    })
  })

  it('reports a Solana chain by its CAIP-2 reference', () => {
    const solana = { ...user, chainId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69', accounts: [] }
    expect(connectResultOf('solana', solana).chainId).toBe('GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69')
  })
})
