/**
 * ENS on the fixture chains, read the way the widget and the names service read it: viem's
 * getEnsAddress, getEnsName, getEnsText and getEnsAvatar through the devstack's
 * UniversalResolver. The shared chains (usually from the state cache) are only read; the
 * writes (a mismatched primary name, a `latch.id` subname) go to a chain of this file's
 * own, deployed afresh with the state cache off.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  labelhash,
  namehash,
  type PublicClient,
  parseAbi,
  toCoinType,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { loadFixtureArtifacts } from '../../devstack/contracts/artifacts.js'
import {
  ANVIL_MNEMONIC,
  ensDeployNonces,
  type FixtureAccount,
  fixtureAccounts,
  fixtureEns,
} from '../../devstack/fixtures.js'
import { localChain } from '../../devstack/local-chain.js'
import { ensRegistryAbi, publicResolverAbi } from '../../server/names/ensAbis.js'
import { getDevstack } from '../support/devstack.js'

const { universalResolver } = fixtureEns
const [alice, bob, carol, dave] = fixtureAccounts as [
  FixtureAccount,
  FixtureAccount,
  FixtureAccount,
  FixtureAccount,
]
const aliceName = fixtureEns.names.find((name) => name.owner === alice.address)!
const reverseRegistrarAbi = parseAbi(['function setName(string name) returns (bytes32)'])

function clientFor(chainId: number, rpcUrl: string): PublicClient {
  return createPublicClient({ chain: localChain(chainId, rpcUrl), transport: http(rpcUrl) })
}

/** The name of the universal resolver's error that `promise` rejects with. */
async function revertName(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError)
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined
}

describe('ENS fixture facts', () => {
  it('the deployer is anvil account 5 and the names operator account 4, with their keys', () => {
    for (const [index, account] of [
      [5, fixtureEns.deployer],
      [4, fixtureEns.operator],
    ] as const) {
      expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address).toBe(account.address)
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
    }
  })

  it("the contract addresses are the deployer's CREATE addresses at its fixed nonces", () => {
    for (const key of Object.keys(ensDeployNonces) as (keyof typeof ensDeployNonces)[]) {
      expect(
        getContractAddress({ from: fixtureEns.deployer.address, nonce: BigInt(ensDeployNonces[key]) }),
        key,
      ).toBe(fixtureEns[key])
    }
  })

  it('the @ensdomains packages stay dev-only: no file of src/, adapters/, plugins/ or server/ imports them', () => {
    const named = ['src', 'adapters', 'plugins', 'server'].flatMap((tree) =>
      readdirSync(tree, { recursive: true, encoding: 'utf8' })
        .filter((path) => /\.(ts|tsx|mts|js|mjs)$/.test(path))
        .map((path) => join(tree, path))
        .filter((file) => /['"]@ensdomains\//.test(readFileSync(file, 'utf8'))),
    )
    expect(named).toEqual([])
  })

  it("alice.eth is account 0's and carries a data: SVG avatar; bob.eth is account 1's", () => {
    expect(fixtureEns.names.map(({ name, owner }) => [name, owner])).toEqual([
      ['alice.eth', alice.address],
      ['bob.eth', bob.address],
    ])
    expect(aliceName.avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(aliceName.avatar!.split(',')[1]!)).toMatch(/^<svg /)
  })
})

describe.each(getDevstack().chains.map((chain) => [chain.chainId, chain] as const))(
  'shared chain %i',
  (chainId, chain) => {
    const client = clientFor(chainId, chain.rpcUrl)
    const coinType = toCoinType(chainId)

    it("resolves the fixture names to their owners, for coin type 60 and the chain's own", async () => {
      for (const { name, owner } of fixtureEns.names) {
        expect(await client.getEnsAddress({ name, universalResolverAddress: universalResolver })).toBe(owner)
        // For a coin type viem hands back the record's bytes as they are: lowercase hex.
        expect(
          await client.getEnsAddress({ name, coinType, universalResolverAddress: universalResolver }),
        ).toBe(owner.toLowerCase())
      }
    })

    it('names accounts 0 and 1 by their primary names, and account 2 not at all', async () => {
      const nameOf = (address: Address, coin?: bigint) =>
        client.getEnsName({ address, coinType: coin, universalResolverAddress: universalResolver })
      expect(await nameOf(alice.address)).toBe('alice.eth')
      expect(await nameOf(bob.address)).toBe('bob.eth')
      expect(await nameOf(alice.address, coinType)).toBe('alice.eth')
      expect(await nameOf(carol.address)).toBeNull()
    })

    it('answers null for names that do not exist, and names the reason when asked to be strict', async () => {
      for (const name of ['nobody.eth', 'nobody.latch.id', 'alice.test', 'eth']) {
        expect(
          await client.getEnsAddress({ name, universalResolverAddress: universalResolver }),
          name,
        ).toBeNull()
      }
      expect(
        await revertName(
          client.getEnsAddress({
            name: 'nobody.eth',
            strict: true,
            universalResolverAddress: universalResolver,
          }),
        ),
      ).toBe('ResolverNotFound')
      expect(
        await revertName(
          client.getEnsName({
            address: carol.address,
            strict: true,
            universalResolverAddress: universalResolver,
          }),
        ),
      ).toBe('ResolverNotFound')
    })

    it('rejects a malformed DNS-encoded name with DNSDecodingFailed', async () => {
      const { abi } = loadFixtureArtifacts().artifacts.contracts.UniversalResolver
      const resolve = (name: Hex) =>
        client.readContract({
          address: universalResolver,
          abi,
          functionName: 'resolveWithGateways',
          args: [name, '0x3b3b3b3b', []],
        })
      // 'eth' without the root's zero length, and a length running past the end.
      expect(await revertName(resolve('0x03657468'))).toBe('DNSDecodingFailed')
      expect(await revertName(resolve('0x0965746800'))).toBe('DNSDecodingFailed')
    })

    it("reads alice.eth's avatar and description; bob.eth has no avatar", async () => {
      const text = (name: string, key: string) =>
        client.getEnsText({ name, key, universalResolverAddress: universalResolver })
      expect(await text('alice.eth', 'avatar')).toBe(aliceName.avatar)
      expect(await text('alice.eth', 'description')).toBe(aliceName.description)
      expect(
        await client.getEnsAvatar({ name: 'alice.eth', universalResolverAddress: universalResolver }),
      ).toBe(aliceName.avatar)
      expect(await text('bob.eth', 'avatar')).toBeNull()
      expect(
        await client.getEnsAvatar({ name: 'bob.eth', universalResolverAddress: universalResolver }),
      ).toBeNull()
    })

    it('lays out the registry as planned: the operator owns latch.id, the ReverseRegistrar addr.reverse', async () => {
      const read = (functionName: 'owner' | 'resolver', name: string) =>
        client.readContract({
          address: fixtureEns.registry,
          abi: ensRegistryAbi,
          functionName,
          args: [namehash(name)],
        })
      expect(await read('owner', fixtureEns.zone)).toBe(fixtureEns.operator.address)
      expect(await read('resolver', fixtureEns.zone)).toBe(fixtureEns.publicResolver)
      expect(await read('owner', 'addr.reverse')).toBe(fixtureEns.reverseRegistrar)
      for (const name of ['', 'eth', 'id', 'reverse'])
        expect(await read('owner', name), name).toBe(fixtureEns.deployer.address)
      expect(await read('owner', 'alice.eth')).toBe(alice.address)
      expect(await read('resolver', 'alice.eth')).toBe(fixtureEns.publicResolver)
    })
  },
)

describe('a chain of its own, deployed afresh', () => {
  let own: StartedChains
  let client: PublicClient
  beforeAll(async () => {
    own = await startChains({ chainIds: [31337], cache: false })
    client = clientFor(31337, own.chains[0]!.rpcUrl)
  }, 120_000)
  afterAll(() => own?.stop())

  async function mined(hash: Promise<Hash>) {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash })
    expect(receipt.status).toBe('success')
  }
  function walletFor(account: FixtureAccount) {
    return createWalletClient({
      account: privateKeyToAccount(account.privateKey),
      chain: localChain(31337, own.chains[0]!.rpcUrl),
      transport: http(own.chains[0]!.rpcUrl),
    })
  }

  it('deployed rather than loaded, with the same names', async () => {
    expect(own.chains[0]!.fromCache).toBe(false)
    expect(
      await client.getEnsName({ address: alice.address, universalResolverAddress: universalResolver }),
    ).toBe('alice.eth')
  })

  it('a primary name whose forward record points elsewhere is no name (ReverseAddressMismatch)', async () => {
    await mined(
      walletFor(carol).writeContract({
        address: fixtureEns.reverseRegistrar,
        abi: reverseRegistrarAbi,
        functionName: 'setName',
        args: ['alice.eth'],
      }),
    )
    expect(
      await client.getEnsName({ address: carol.address, universalResolverAddress: universalResolver }),
    ).toBeNull()
    expect(
      await revertName(
        client.getEnsName({
          address: carol.address,
          strict: true,
          universalResolverAddress: universalResolver,
        }),
      ),
    ).toBe('ReverseAddressMismatch')
  })

  it('the operator creates <label>.latch.id, sets its address and hands it over; it then resolves', async () => {
    const operator = fixtureEns.operator
    const name = `dave.${fixtureEns.zone}`
    const node = namehash(name)
    await mined(
      walletFor(operator).writeContract({
        address: fixtureEns.registry,
        abi: ensRegistryAbi,
        functionName: 'setSubnodeRecord',
        args: [namehash(fixtureEns.zone), labelhash('dave'), operator.address, fixtureEns.publicResolver, 0n],
      }),
    )
    await mined(
      walletFor(operator).writeContract({
        address: fixtureEns.publicResolver,
        abi: publicResolverAbi,
        functionName: 'setAddr',
        args: [node, dave.address],
      }),
    )
    await mined(
      walletFor(operator).writeContract({
        address: fixtureEns.registry,
        abi: ensRegistryAbi,
        functionName: 'setOwner',
        args: [node, dave.address],
      }),
    )
    expect(
      await client.readContract({
        address: fixtureEns.registry,
        abi: ensRegistryAbi,
        functionName: 'owner',
        args: [node],
      }),
    ).toBe(dave.address)
    expect(await client.getEnsAddress({ name, universalResolverAddress: universalResolver })).toBe(
      dave.address,
    )
    // No record for the chain's coin type: viem gets the empty answer as no address.
    expect(
      await client.getEnsAddress({
        name,
        coinType: toCoinType(31337),
        universalResolverAddress: universalResolver,
      }),
    ).toBeNull()

    // Its new owner can make it their primary name, which reverse-resolves through the
    // Ethereum record when the chain's own coin type has none.
    await mined(
      walletFor(dave).writeContract({
        address: fixtureEns.reverseRegistrar,
        abi: reverseRegistrarAbi,
        functionName: 'setName',
        args: [name],
      }),
    )
    expect(
      await client.getEnsName({ address: dave.address, universalResolverAddress: universalResolver }),
    ).toBe(name)
    expect(
      await client.getEnsName({
        address: dave.address,
        coinType: toCoinType(31337),
        universalResolverAddress: universalResolver,
      }),
    ).toBe(name)
  })
})
