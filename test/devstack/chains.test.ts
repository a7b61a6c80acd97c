import { createPublicClient, http, type PublicClient } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { loadFixtureArtifacts } from '../../devstack/contracts/artifacts.js'
import {
  ANVIL_MNEMONIC,
  FIXTURE_CHAIN_IDS,
  type FixtureTokenKey,
  fixtureAccounts,
  fixtureContracts,
  fixtureNft,
  fixtureNftIdsOf,
  fixtureTokens,
  rampTreasury,
} from '../../devstack/fixtures.js'
import { localChain } from '../../devstack/local-chain.js'
import { getDevstack } from '../support/devstack.js'

const { FixtureToken, FixtureNFT } = loadFixtureArtifacts().artifacts.contracts
const devstack = getDevstack()
const tokenKeys = Object.keys(fixtureTokens) as FixtureTokenKey[]

function clientFor(chainId: number, rpcUrl: string): PublicClient {
  return createPublicClient({ chain: localChain(chainId, rpcUrl), transport: http(rpcUrl) })
}

describe('fixture facts', () => {
  it('lists the first four accounts of the anvil mnemonic with matching keys', () => {
    fixtureAccounts.forEach((account, addressIndex) => {
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
      expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }).address).toBe(account.address)
    })
  })

  it('has the ramp treasury as anvil account 6, with its key', () => {
    expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 6 }).address).toBe(rampTreasury.address)
    expect(privateKeyToAccount(rampTreasury.privateKey).address).toBe(rampTreasury.address)
  })
})

describe('shared devstack chains', () => {
  it('runs one chain per fixture chain id, with the fixture contracts and accounts', async () => {
    expect(devstack.chains.map((chain) => chain.chainId)).toEqual([...FIXTURE_CHAIN_IDS])
    expect(devstack.accounts).toEqual(fixtureAccounts)
    for (const chain of devstack.chains) {
      expect(chain.contracts).toEqual(fixtureContracts)
      expect(await clientFor(chain.chainId, chain.rpcUrl).getChainId()).toBe(chain.chainId)
    }
  })

  describe.each(devstack.chains.map((chain) => [chain.chainId, chain] as const))('chain %i', (_, chain) => {
    const client = clientFor(chain.chainId, chain.rpcUrl)

    it.each(tokenKeys)('%s has its metadata and the seeded balance in every account', async (key) => {
      const token = fixtureTokens[key]
      const read = (functionName: string, args: unknown[] = []) =>
        client.readContract({ address: chain.contracts[key], abi: FixtureToken.abi, functionName, args })
      expect(await read('name')).toBe(token.name)
      expect(await read('symbol')).toBe(token.symbol)
      expect(await read('decimals')).toBe(token.decimals)
      for (const account of fixtureAccounts) {
        expect(await read('balanceOf', [account.address])).toBe(token.seedBalance)
      }
      // What the devstack's ramps deliver: tests that buy run on chains of their own.
      expect(await read('balanceOf', [rampTreasury.address])).toBe(token.rampTreasuryBalance)
    })

    it('mints the NFTs to accounts 0 and 1 with data: URI metadata', async () => {
      const read = (functionName: string, args: unknown[] = []) =>
        client.readContract({ address: chain.contracts.LPNK, abi: FixtureNFT.abi, functionName, args })
      expect(await read('name')).toBe(fixtureNft.name)
      expect(await read('symbol')).toBe(fixtureNft.symbol)
      for (const [index, account] of fixtureAccounts.entries()) {
        const ids = fixtureNftIdsOf(index)
        expect(await read('balanceOf', [account.address])).toBe(BigInt(ids.length))
        for (const id of ids) expect(await read('ownerOf', [id])).toBe(account.address)
      }
      expect(fixtureNftIdsOf(0).length).toBeGreaterThan(0)
      expect(fixtureNftIdsOf(1).length).toBeGreaterThan(0)

      const uri = (await read('tokenURI', [1n])) as string
      const prefix = 'data:application/json;base64,'
      expect(uri.startsWith(prefix)).toBe(true)
      const metadata = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8'))
      expect(metadata.name).toBe(`${fixtureNft.name} #1`)
      expect(metadata.image).toMatch(/^data:image\/svg\+xml;base64,/)
      const svg = Buffer.from(metadata.image.split(',')[1], 'base64').toString('utf8')
      expect(svg).toContain('<svg')
    })
  })
})
