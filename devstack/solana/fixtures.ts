/**
 * Static facts about the local Solana endpoint: its genesis hash, the fixture keypairs
 * and the SPL mints it seeds. Everything is derived from fixed labels, so addresses are
 * the same on every run and in every process: the dev wallet in a browser page and the
 * RPC in Node agree without passing keys around. Browser-safe (no Node imports).
 *
 * @example
 * import { solanaFixtureAccounts, solanaFixtureMints } from '../devstack/solana/fixtures.js'
 * const alice = solanaFixtureAccounts[0].address
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2'
import { getBase58Decoder } from '@solana/kit'

const base58 = getBase58Decoder()
const seedOf = (label: string) => sha256(new TextEncoder().encode(`latchkit solana fixture: ${label}`))

/** A fixture keypair. The secret is a 32-byte ed25519 seed; never use it anywhere real. */
export type SolanaFixtureAccount = {
  /** Base58 public key. */
  address: string
  /** 32-byte ed25519 seed (the first half of Solana's 64-byte secret key). */
  secretKey: Uint8Array
}

/** A fixture SPL mint. */
export type SolanaFixtureMint = {
  address: string
  name: string
  symbol: string
  decimals: number
  /** Balance every fixture account holds in its associated token account, in base units. */
  seedBalance: bigint
}

function keypair(label: string): SolanaFixtureAccount {
  const secretKey = seedOf(label)
  return { address: base58.decode(ed25519.getPublicKey(secretKey)), secretKey }
}

/**
 * The genesis hash the local endpoint reports. Fixed so `solana:<first 32 chars>` is the
 * same CAIP-2 id on every run, like a real cluster's.
 */
export const SOLANA_LOCAL_GENESIS_HASH = base58.decode(seedOf('genesis'))

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** SOL each fixture account starts with. */
export const SOLANA_FIXTURE_SOL = 100n * LAMPORTS_PER_SOL

/** Accounts 0..3; account 0 is the mint authority. */
export const solanaFixtureAccounts: readonly SolanaFixtureAccount[] = [0, 1, 2, 3].map((i) =>
  keypair(`account ${i}`),
)

/**
 * The SPL mints: a 6-decimal token the widget lists and sends, and a 0-decimal one that
 * the widget filters out as low quality.
 */
export const solanaFixtureMints = {
  LUSD: {
    address: keypair('mint LUSD').address,
    name: 'Latch USD',
    symbol: 'LUSD',
    decimals: 6,
    seedBalance: 10_000n * 10n ** 6n,
  },
  ZDT: {
    address: keypair('mint ZDT').address,
    name: 'Zero Decimal',
    symbol: 'ZDT',
    decimals: 0,
    seedBalance: 500n,
  },
} as const satisfies Record<string, SolanaFixtureMint>
