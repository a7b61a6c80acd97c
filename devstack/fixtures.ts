/**
 * Static facts about the local chains: what exists on them and where. Tests, the demo and
 * the local API server import these instead of asking a running chain, so they agree with
 * what `startChains()` deploys without starting anything.
 *
 * @example
 * import { fixtureTokens, fixtureContracts } from '../devstack/fixtures.js'
 * const usdc = { address: fixtureContracts.LUSD, decimals: fixtureTokens.LUSD.decimals }
 */
import { type Address, getContractAddress, type Hex } from 'viem'

/** anvil's default mnemonic; the accounts below are derived from it. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

/** One local chain per id. Two, so switching networks can be tested. */
export const FIXTURE_CHAIN_IDS = [31337, 31338] as const
export type FixtureChainId = (typeof FIXTURE_CHAIN_IDS)[number]

/** Ether anvil gives every dev account. */
export const ANVIL_ACCOUNT_ETHER = 10_000n * 10n ** 18n

export type FixtureAccount = { address: Address; privateKey: Hex }

/** anvil accounts 0..3 (well-known test keys; never use them anywhere real). Account 0 deploys. */
export const fixtureAccounts: readonly FixtureAccount[] = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
]

export type FixtureTokenKey = 'LUSD' | 'LTK' | 'ZDT'

export type FixtureToken = {
  name: string
  symbol: string
  decimals: number
  /** Balance every fixture account holds after seeding, in base units. */
  seedBalance: bigint
  /** Nonce of account 0 that deploys it; fixes the address on every chain. */
  deployNonce: number
}

/** ERC20 fixtures: 6, 18 and 0 decimals, the cases the widget must format. */
export const fixtureTokens: Readonly<Record<FixtureTokenKey, FixtureToken>> = {
  LUSD: { name: 'Latch USD', symbol: 'LUSD', decimals: 6, seedBalance: 10_000n * 10n ** 6n, deployNonce: 0 },
  LTK: { name: 'Latch Token', symbol: 'LTK', decimals: 18, seedBalance: 1_000n * 10n ** 18n, deployNonce: 1 },
  ZDT: { name: 'Zero Decimal', symbol: 'ZDT', decimals: 0, seedBalance: 500n, deployNonce: 2 },
}

/** ERC721 fixture. Token ids start at 1; `owners[i]` is the fixture account index owning id i+1. */
export const fixtureNft = {
  name: 'Latch Punks',
  symbol: 'LPNK',
  deployNonce: 3,
  owners: [0, 0, 0, 1, 1] as readonly number[],
} as const

export type FixtureContractKey = FixtureTokenKey | 'LPNK'

const deployer = fixtureAccounts[0]!.address

/**
 * Contract addresses, identical on every fixture chain: account 0 deploys each contract
 * with a fixed nonce on a fresh chain, and a CREATE address depends only on sender and nonce.
 */
export const fixtureContracts: Readonly<Record<FixtureContractKey, Address>> = {
  LUSD: getContractAddress({ from: deployer, nonce: BigInt(fixtureTokens.LUSD.deployNonce) }),
  LTK: getContractAddress({ from: deployer, nonce: BigInt(fixtureTokens.LTK.deployNonce) }),
  ZDT: getContractAddress({ from: deployer, nonce: BigInt(fixtureTokens.ZDT.deployNonce) }),
  LPNK: getContractAddress({ from: deployer, nonce: BigInt(fixtureNft.deployNonce) }),
}

/** NFT ids owned by a fixture account after seeding. */
export function fixtureNftIdsOf(accountIndex: number): bigint[] {
  return fixtureNft.owners.flatMap((owner, i) => (owner === accountIndex ? [BigInt(i + 1)] : []))
}
