/**
 * ENS on a fixture chain, from the bytecode its npm packages ship (`@ensdomains/ens` 0.6.2:
 * ENSRegistry and ReverseRegistrar; `@ensdomains/resolver` 0.3.1: PublicResolver) and the
 * devstack's own UniversalResolver (contracts/, what viem's ENS actions call), deployed by
 * the ENS deployer (anvil account 5) with the names of `fixtureEns`, in one block after
 * Uniswap. Accounts 0 and 1 set their primary names in that same block.
 * Development only: these BSD-2-Clause packages are dev dependencies and nothing here ships.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Address,
  concat,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  labelhash,
  namehash,
  parseAbi,
  toCoinType,
  zeroAddress,
  zeroHash,
} from 'viem'
import { ensRegistryAbi, publicResolverAbi } from '../server/names/ensAbis.js'
import type { FixtureArtifacts } from './contracts/artifacts.js'
import { ensDeployNonces, fixtureAccounts, fixtureEns } from './fixtures.js'
import { localChain } from './local-chain.js'
import { type FollowingTxs, type PlannedTx, sendInOneBlock } from './send-in-one-block.js'

const require = createRequire(import.meta.url)

/** The shipped build files, by what they hold; the state cache's key covers their bytes. */
export const ensArtifactFiles = {
  registry: require.resolve('@ensdomains/ens/build/contracts/ENSRegistry.json'),
  reverseRegistrar: require.resolve('@ensdomains/ens/build/contracts/ReverseRegistrar.json'),
  publicResolver: require.resolve('@ensdomains/resolver/build/contracts/PublicResolver.json'),
} as const

/** Creation bytecode of each shipped contract, plus our UniversalResolver's. */
export type EnsBytecodes = Record<keyof typeof ensArtifactFiles | 'universalResolver', Hex>

/**
 * The creation bytecode of the ENS contracts. Only the bytecode is read: ReverseRegistrar's
 * shipped ABI is garbled (its constructor entry is named `ens` and has outputs), so
 * constructor arguments are encoded from the types below rather than from the shipped ABIs.
 *
 * @example const bytecodes = loadEnsBytecodes(loadFixtureArtifacts().artifacts)
 */
export function loadEnsBytecodes(artifacts: FixtureArtifacts): EnsBytecodes {
  const read = (file: string): Hex => {
    const { bytecode } = JSON.parse(readFileSync(file, 'utf8')) as { bytecode: string }
    return (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex
  }
  return {
    registry: read(ensArtifactFiles.registry),
    reverseRegistrar: read(ensArtifactFiles.reverseRegistrar),
    publicResolver: read(ensArtifactFiles.publicResolver),
    universalResolver: artifacts.contracts.UniversalResolver.bytecode,
  }
}

const reverseRegistrarAbi = parseAbi(['function setName(string name) returns (bytes32)'])

/** Creation code with its constructor's address arguments appended. */
const deployData = (bytecode: Hex, ...addresses: Address[]): Hex =>
  concat([
    bytecode,
    encodeAbiParameters(
      addresses.map(() => ({ type: 'address' })),
      addresses,
    ),
  ])

/** `label.parent` created for `owner` with `resolver`, by the parent's owner (the deployer). */
const subnode = (
  parent: string,
  label: string,
  owner: Address,
  resolver: Address = zeroAddress,
): PlannedTx => ({
  to: fixtureEns.registry,
  data: encodeFunctionData({
    abi: ensRegistryAbi,
    functionName: 'setSubnodeRecord',
    args: [namehash(parent), labelhash(label), owner, resolver, 0n],
  }),
  gas: 100_000n,
})

/**
 * Every transaction of the deployer, in nonce order. Gas limits are fixed (nothing is
 * estimated, so all are sent before one block is mined), about 1.3 times what each uses
 * (7.6M in all). The deployer creates each fixture name for itself, writes its records
 * (only the owner of a node may write at the PublicResolver), then hands it to its owner.
 */
function plan(bytecodes: EnsBytecodes, chainId: number): PlannedTx[] {
  const { deployer, operator } = fixtureEns
  const txs: PlannedTx[] = []
  txs[ensDeployNonces.registry] = {
    data: bytecodes.registry,
    gas: 1_400_000n,
    deploys: fixtureEns.registry,
  }
  txs[ensDeployNonces.publicResolver] = {
    data: deployData(bytecodes.publicResolver, fixtureEns.registry),
    gas: 4_400_000n,
    deploys: fixtureEns.publicResolver,
  }
  txs[ensDeployNonces.reverseRegistrar] = {
    data: deployData(bytecodes.reverseRegistrar, fixtureEns.registry, fixtureEns.publicResolver),
    gas: 1_050_000n,
    deploys: fixtureEns.reverseRegistrar,
  }
  txs[ensDeployNonces.universalResolver] = {
    data: deployData(bytecodes.universalResolver, fixtureEns.registry),
    gas: 1_400_000n,
    deploys: fixtureEns.universalResolver,
  }
  txs.push(subnode('', 'reverse', deployer.address))
  txs.push(subnode('reverse', 'addr', fixtureEns.reverseRegistrar))
  txs.push(subnode('', 'eth', deployer.address))
  const coinType = toCoinType(chainId)
  for (const { name, owner, avatar, description } of fixtureEns.names) {
    const [label, ...parent] = name.split('.')
    const node = namehash(name)
    txs.push(subnode(parent.join('.'), label!, deployer.address, fixtureEns.publicResolver))
    const records: Hex[] = [
      encodeFunctionData({ abi: publicResolverAbi, functionName: 'setAddr', args: [node, owner] }),
      encodeFunctionData({ abi: publicResolverAbi, functionName: 'setAddr', args: [node, coinType, owner] }),
    ]
    for (const [key, value] of [
      ['avatar', avatar],
      ['description', description],
    ] as const) {
      if (value !== undefined)
        records.push(
          encodeFunctionData({ abi: publicResolverAbi, functionName: 'setText', args: [node, key, value] }),
        )
    }
    txs.push({
      to: fixtureEns.publicResolver,
      data: encodeFunctionData({ abi: publicResolverAbi, functionName: 'multicall', args: [records] }),
      gas: 600_000n,
    })
    txs.push({
      to: fixtureEns.registry,
      data: encodeFunctionData({ abi: ensRegistryAbi, functionName: 'setOwner', args: [node, owner] }),
      gas: 100_000n,
    })
  }
  const [zoneLabel, ...zoneParent] = fixtureEns.zone.split('.')
  txs.push(subnode('', zoneParent.join('.'), deployer.address))
  txs.push(subnode(zoneParent.join('.'), zoneLabel!, operator.address, fixtureEns.publicResolver))
  return txs
}

/** Each fixture name's owner sets it as its primary name (ReverseRegistrar.setName). */
function primaryNames(): FollowingTxs[] {
  return fixtureEns.names.map(({ name, owner }) => {
    const account = fixtureAccounts.find((candidate) => candidate.address === owner)
    if (!account) throw new Error(`${name}'s owner ${owner} is not a fixture account`)
    return {
      privateKey: account.privateKey,
      txs: [
        {
          to: fixtureEns.reverseRegistrar,
          data: encodeFunctionData({ abi: reverseRegistrarAbi, functionName: 'setName', args: [name] }),
          gas: 160_000n,
        },
      ],
    }
  })
}

/**
 * Deploys ENS with the fixture names on a chain where deployUniswap has run, in one block.
 * Throws if a transaction reverts, a contract lands elsewhere than fixtures.ts says, or a
 * fixture name does not end up owned, resolving and primary as planned.
 *
 * @example await deployEns(anvil.rpcUrl, 31337, loadEnsBytecodes(artifacts))
 */
export async function deployEns(rpcUrl: string, chainId: number, bytecodes: EnsBytecodes): Promise<void> {
  await sendInOneBlock({
    rpcUrl,
    chainId,
    privateKey: fixtureEns.deployer.privateKey,
    txs: plan(bytecodes, chainId),
    what: 'ENS transaction',
    followedBy: primaryNames(),
  })
  const client = createPublicClient({ chain: localChain(chainId, rpcUrl), transport: http(rpcUrl) })
  const owner = (name: string) =>
    client.readContract({
      address: fixtureEns.registry,
      abi: ensRegistryAbi,
      functionName: 'owner',
      args: [name === '' ? zeroHash : namehash(name)],
    })
  const problems: string[] = []
  for (const { name, owner: expected } of fixtureEns.names) {
    const reverseNode = namehash(`${expected.slice(2).toLowerCase()}.addr.reverse`)
    const [actualOwner, address, primary] = await Promise.all([
      owner(name),
      client.readContract({
        address: fixtureEns.publicResolver,
        abi: publicResolverAbi,
        functionName: 'addr',
        args: [namehash(name)],
      }),
      client.readContract({
        address: fixtureEns.publicResolver,
        abi: publicResolverAbi,
        functionName: 'name',
        args: [reverseNode],
      }),
    ])
    if (actualOwner !== expected) problems.push(`${name} is owned by ${actualOwner}`)
    if (address !== expected) problems.push(`${name} resolves to ${address}`)
    if (primary !== name) problems.push(`${expected}'s primary name is '${primary}'`)
  }
  const zoneOwner = await owner(fixtureEns.zone)
  if (zoneOwner !== fixtureEns.operator.address) problems.push(`${fixtureEns.zone} is owned by ${zoneOwner}`)
  if (problems.length > 0) throw new Error(`chain ${chainId}: ENS fixtures: ${problems.join('; ')}`)
}
