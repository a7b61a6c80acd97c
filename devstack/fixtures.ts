/**
 * Static facts about the local chains: what exists on them and where. Tests, the demo and
 * the local API server import these instead of asking a running chain, so they agree with
 * what `startChains()` deploys without starting anything.
 *
 * @example
 * import { fixtureTokens, fixtureContracts } from '../devstack/fixtures.js'
 * const usdc = { address: fixtureContracts.LUSD, decimals: fixtureTokens.LUSD.decimals }
 */
import { type Address, encodePacked, getContractAddress, type Hex, keccak256 } from 'viem'

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

/**
 * The account with a long history: anvil account 9, which no test connects with. Its
 * transactions (seed-history.ts) run from March 2025 to October 2026, so history paging
 * and grouping by date have something to chew on.
 */
export const historyAccount: FixtureAccount = {
  address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
}

/**
 * The other side of the history account's transfers: anvil account 8. Accounts 0..3 stay
 * out of it, so their balances are what tests expect.
 */
export const historyCounterparty: FixtureAccount = {
  address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
}

/** When the seeded history happens, and how much of it there is. */
export const fixtureHistory = {
  /** The fixture chain's genesis (a fresh deploy): before the first seeded transaction. */
  genesisTimestamp: Date.UTC(2025, 1, 20) / 1000,
  firstAt: Date.UTC(2025, 2, 3, 10) / 1000,
  lastAt: Date.UTC(2026, 9, 28, 10) / 1000,
  /** Transactions of the history account (sends, receives, one approval, two mints). */
  transactionCount: 264,
} as const

export type FixtureTokenKey = 'LUSD' | 'LTK' | 'ZDT'

export type FixtureToken = {
  name: string
  symbol: string
  decimals: number
  /** Balance every fixture account holds after seeding, in base units. */
  seedBalance: bigint
  /** What the history counterparty gets on top, to trade with the history account. */
  counterpartyBalance: bigint
  /** What the ramp treasury gets on top, to deliver what the devstack's ramps sell. */
  rampTreasuryBalance: bigint
  /** Nonce of account 0 that deploys it; fixes the address on every chain. */
  deployNonce: number
}

/** ERC20 fixtures: 6, 18 and 0 decimals, the cases the widget must format. */
export const fixtureTokens: Readonly<Record<FixtureTokenKey, FixtureToken>> = {
  LUSD: {
    name: 'Latch USD',
    symbol: 'LUSD',
    decimals: 6,
    seedBalance: 10_000n * 10n ** 6n,
    counterpartyBalance: 100_000n * 10n ** 6n,
    rampTreasuryBalance: 1_000_000n * 10n ** 6n,
    deployNonce: 0,
  },
  LTK: {
    name: 'Latch Token',
    symbol: 'LTK',
    decimals: 18,
    seedBalance: 1_000n * 10n ** 18n,
    counterpartyBalance: 10_000n * 10n ** 18n,
    rampTreasuryBalance: 100_000n * 10n ** 18n,
    deployNonce: 1,
  },
  ZDT: {
    name: 'Zero Decimal',
    symbol: 'ZDT',
    decimals: 0,
    seedBalance: 500n,
    counterpartyBalance: 0n,
    rampTreasuryBalance: 0n,
    deployNonce: 2,
  },
}

/** ERC721 fixture. Token ids start at 1; `owners[i]` is the fixture account index owning id i+1. */
export const fixtureNft = {
  name: 'Latch Punks',
  symbol: 'LPNK',
  deployNonce: 3,
  owners: [0, 0, 0, 1, 1] as readonly number[],
} as const

/**
 * A second ERC-721 collection that the local API's chain configuration flags as spam, as an
 * unsolicited "airdrop" would be. The history account receives one and nothing else in
 * that transaction.
 */
export const fixtureSpamNft = {
  name: 'Claim Your Reward',
  symbol: 'CLAIM',
  deployNonce: 4,
} as const

export type FixtureContractKey = FixtureTokenKey | 'LPNK' | 'SPAM'

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
  SPAM: getContractAddress({ from: deployer, nonce: BigInt(fixtureSpamNft.deployNonce) }),
}

/** NFT ids owned by a fixture account after seeding. */
export function fixtureNftIdsOf(accountIndex: number): bigint[] {
  return fixtureNft.owners.flatMap((owner, i) => (owner === accountIndex ? [BigInt(i + 1)] : []))
}

/**
 * Deploys Uniswap V2 and holds the pools' liquidity: anvil account 7, which no test
 * connects with. Accounts 0..3 stay out of it, so their balances are what tests expect.
 */
export const uniswapDeployer: FixtureAccount = {
  address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
}

/**
 * Pays out what the devstack's ramps (devstack/ramp) sell: anvil account 6, which no test
 * connects with. It holds anvil's 10,000 ETH and the fixture tokens' `rampTreasuryBalance`
 * (1,000,000 LUSD, 100,000 LTK), sent by account 0 when the fixtures are deployed.
 */
export const rampTreasury: FixtureAccount = {
  address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
}

/**
 * keccak256 of UniswapV2Pair's creation bytecode as `@uniswap/v2-core` 1.0.1 ships it: the
 * factory CREATE2s every pair from it, and Router02 finds pairs by it (the router's
 * bytecode carries the same constant; deploy-uniswap.ts patches it in if they ever differ).
 */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** Nonces of {@link uniswapDeployer} that deploy WETH9, the factory and Router02. */
export const uniswapDeployNonces = { weth: 0, factory: 1, router: 2 } as const

/**
 * Uniswap V2 on every fixture chain, deployed from the bytecode `@uniswap/v2-core` and
 * `@uniswap/v2-periphery` ship: WETH9, UniswapV2Factory, UniswapV2Router02. Same addresses
 * on every chain and run (CREATE from the deployer's fixed nonces).
 */
export const fixtureUniswap = {
  deployer: uniswapDeployer.address,
  weth: getContractAddress({ from: uniswapDeployer.address, nonce: BigInt(uniswapDeployNonces.weth) }),
  factory: getContractAddress({ from: uniswapDeployer.address, nonce: BigInt(uniswapDeployNonces.factory) }),
  router: getContractAddress({ from: uniswapDeployer.address, nonce: BigInt(uniswapDeployNonces.router) }),
} as const

/** What a fixture pool pairs: WETH (the router's stand-in for ETH) or a fixture token. */
export type FixturePoolAsset = 'WETH' | Exclude<FixtureTokenKey, 'ZDT'>

export type FixturePool = {
  /** The two assets as listed here; the pair itself orders them by address (token0 < token1). */
  assets: readonly [FixturePoolAsset, FixturePoolAsset]
  /** The seeded reserves in base units, in the order of `assets`. */
  reserves: readonly [bigint, bigint]
  /** The pair contract: CREATE2 from the factory, salted with the sorted token addresses. */
  pair: Address
}

/** The ERC20 address of a pool asset. */
export function fixturePoolToken(asset: FixturePoolAsset): Address {
  return asset === 'WETH' ? fixtureUniswap.weth : fixtureContracts[asset]
}

function pairAddress(a: Address, b: Address): Address {
  const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
  return getContractAddress({
    opcode: 'CREATE2',
    from: fixtureUniswap.factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  })
}

function pool(assets: FixturePool['assets'], reserves: FixturePool['reserves']): FixturePool {
  return { assets, reserves, pair: pairAddress(fixturePoolToken(assets[0]), fixturePoolToken(assets[1])) }
}

const ether = 10n ** 18n
/**
 * The seeded pools, priced as the local API's price table (ETH $2,000, LUSD $1, LTK $2.50):
 * $400,000 a side for the WETH pools, $100,000 for LUSD/LTK. ZDT has no pool.
 */
export const fixturePools: readonly FixturePool[] = [
  pool(['WETH', 'LUSD'], [100n * ether, 200_000n * 10n ** 6n]),
  pool(['WETH', 'LTK'], [100n * ether, 80_000n * ether]),
  pool(['LUSD', 'LTK'], [100_000n * 10n ** 6n, 40_000n * ether]),
]

/** How much of a fixture token (or ETH, as 'WETH') the deployer puts into the pools. */
export function fixtureLiquidityOf(asset: FixturePoolAsset | FixtureTokenKey): bigint {
  let total = 0n
  for (const { assets, reserves } of fixturePools) {
    if (assets[0] === asset) total += reserves[0]
    if (assets[1] === asset) total += reserves[1]
  }
  return total
}

/**
 * The names operator: anvil account 4, which owns the zone `latch.id` in the fixture ENS
 * registry, so the names service (server/names) signs with it to create `<label>.latch.id`.
 */
export const namesOperator: FixtureAccount = {
  address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
}

/**
 * Deploys ENS on every fixture chain (deploy-ens.ts) and owns the root, `eth`, `id` and
 * `reverse`: anvil account 5, which no test connects with.
 */
export const ensDeployer: FixtureAccount = {
  address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
}

/** Nonces of {@link ensDeployer} that deploy the ENS contracts; its later nonces set up the names. */
export const ensDeployNonces = {
  registry: 0,
  publicResolver: 1,
  reverseRegistrar: 2,
  universalResolver: 3,
} as const

export type FixtureEnsName = {
  /** The full name, e.g. `alice.eth`. */
  name: string
  /** Owns the name in the registry, is its Ethereum address and has it as primary name. */
  owner: Address
  /** The `avatar` text record. */
  avatar?: string
  /** The `description` text record. */
  description?: string
}

const aliceAvatarSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5b4bdb"/><circle cx="32" cy="26" r="11" fill="#fff"/><rect x="14" y="42" width="36" height="14" rx="7" fill="#fff"/></svg>'

/**
 * ENS on every fixture chain, deployed by {@link ensDeployer} from the build files
 * `@ensdomains/ens` 0.6.2 (ENSRegistry, ReverseRegistrar) and `@ensdomains/resolver` 0.3.1
 * (PublicResolver) ship, plus the devstack's own UniversalResolver (contracts/), which viem's
 * getEnsAddress, getEnsName, getEnsText and getEnsAvatar call with `universalResolverAddress`.
 * Addresses are constants: CREATE from the deployer's fixed nonces ({@link ensDeployNonces};
 * test/devstack/ens.test.ts checks them). `names` have resolver PublicResolver, an address
 * for coin type 60 and for the chain's ENSIP-11 coin type, and are their owners' primary
 * names; the `zone`'s node belongs to {@link namesOperator}, with resolver PublicResolver.
 */
export const fixtureEns = {
  registry: '0x0116686E2291dbd5e317F47faDBFb43B599786Ef',
  publicResolver: '0x9bAaB117304f7D6517048e371025dB8f89a8DbE5',
  reverseRegistrar: '0x1Eb835EB7BEEEE9E6bbFe08F16a2d2eF668204bd',
  universalResolver: '0x31A65C6d4EB07ad51E7afc890aC3b7bE84dF2Ead',
  deployer: ensDeployer,
  operator: namesOperator,
  zone: 'latch.id',
  names: [
    {
      name: 'alice.eth',
      owner: fixtureAccounts[0]!.address,
      avatar: `data:image/svg+xml;base64,${btoa(aliceAvatarSvg)}`,
      description: 'Alice, account 0 of the Latch devstack',
    },
    { name: 'bob.eth', owner: fixtureAccounts[1]!.address },
  ] as readonly FixtureEnsName[],
} as const satisfies {
  registry: Address
  publicResolver: Address
  reverseRegistrar: Address
  universalResolver: Address
  deployer: FixtureAccount
  operator: FixtureAccount
  zone: string
  names: readonly FixtureEnsName[]
}
