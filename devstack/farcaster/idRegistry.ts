/**
 * The Farcaster Id Registry on a local anvil chain with chain id 10 (Optimism's), at the
 * real registry's address, so Sign In With Farcaster's on-chain check (`idOf(signer)` and
 * `custodyOf(fid)`) runs unchanged against it. The contract is our own minimal one
 * (contracts/IdRegistry.sol); its runtime code is placed with `anvil_setCode`.
 *
 * The dev fids' custody keys are derived from fixed labels (sha256 of a labelled seed), so
 * they are the same on every run and are not anvil's mnemonic accounts, which other
 * fixtures use. DEV ONLY: these keys are public; never use them anywhere real.
 */
import { sha256 } from '@noble/hashes/sha2'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  FARCASTER_CHAIN_ID,
  FARCASTER_ID_REGISTRY,
} from '../../server/embedded-wallet/farcaster/verifySignIn.js'
import { loadFixtureArtifacts } from '../contracts/artifacts.js'

/**
 * Where the Id Registry lives on Optimism, and so on the local chain 10: the address and
 * chain the frame service's verifier reads, taken from it so the stand-in is where it looks.
 */
export const ID_REGISTRY_ADDRESS: Address = FARCASTER_ID_REGISTRY

/** The chain id Sign In With Farcaster messages name, and the local chain's. */
export { FARCASTER_CHAIN_ID }

/** The read interface the auth client and the verifier use, as on the real registry. */
export const idRegistryReadAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: 'fid', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const

const devRegisterAbi = [
  {
    type: 'function',
    name: 'devRegister',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'custody', type: 'address' },
      { name: 'fid', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

/** A dev Farcaster account: its fid, username and custody key. DEV ONLY. */
export type DevFarcasterUser = {
  fid: number
  username: string
  displayName: string
  /** The custody key (secp256k1, 32 bytes hex). Public on purpose; never use it anywhere real. */
  custodyKey: Hex
  custody: Address
}

const keyOf = (label: string): Hex =>
  toHex(sha256(new TextEncoder().encode(`latchkit farcaster dev custody: ${label}`)))

function devUser(fid: number, username: string, displayName: string): DevFarcasterUser {
  const custodyKey = keyOf(username)
  return { fid, username, displayName, custodyKey, custody: privateKeyToAccount(custodyKey).address }
}

/** The dev fids registered on the local chain 10. */
export const devFarcasterUsers: readonly DevFarcasterUser[] = [
  devUser(1001, 'alice-dev', 'Alice (dev)'),
  devUser(1002, 'bob-dev', 'Bob (dev)'),
]

/**
 * A key that holds no fid, for tests of a message signed by someone who is not the fid's
 * custody address. DEV ONLY.
 */
export const devFarcasterStranger: { key: Hex; address: Address } = {
  key: keyOf('stranger'),
  address: privateKeyToAccount(keyOf('stranger')).address,
}

/**
 * Places the Id Registry at its canonical address on an anvil chain with chain id 10 and
 * registers `users` (by default the dev fids). Idempotent for the same users: a second call
 * leaves a registry that already has them as it is.
 *
 * @example
 * const anvil = await startAnvil({ chainId: 10 })
 * await installIdRegistry(anvil.rpcUrl)
 * // idOf(devFarcasterUsers[0].custody) is now 1001 on anvil.rpcUrl
 */
export async function installIdRegistry(
  rpcUrl: string,
  users: readonly Pick<DevFarcasterUser, 'fid' | 'custody'>[] = devFarcasterUsers,
): Promise<void> {
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport })
  const chainId = await publicClient.getChainId()
  if (chainId !== FARCASTER_CHAIN_ID) {
    throw new Error(`the Id Registry belongs on chain ${FARCASTER_CHAIN_ID}, not ${chainId}`)
  }
  const testClient = createTestClient({ mode: 'anvil', transport })
  const existing = await publicClient.getCode({ address: ID_REGISTRY_ADDRESS })
  if (!existing || existing === '0x') {
    // A creation call answers with the runtime code it would deploy: no transaction, no
    // nonce spent, and nothing in the constructor to replay since the contract has none.
    const { bytecode } = loadFixtureArtifacts().artifacts.contracts.IdRegistry
    const { data: runtime } = await publicClient.call({ data: bytecode })
    if (!runtime) throw new Error('the Id Registry creation code returned no runtime code')
    await testClient.setCode({ address: ID_REGISTRY_ADDRESS, bytecode: runtime })
  }
  // Registered by an impersonated dev address, so no fixture account's nonce or balance moves.
  const registrar: Address = '0x000000000000000000000000000000000000fC01'
  await testClient.setBalance({ address: registrar, value: 10n ** 18n })
  await testClient.impersonateAccount({ address: registrar })
  const wallet = createWalletClient({ account: registrar, transport })
  try {
    for (const user of users) {
      const current = await publicClient.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryReadAbi,
        functionName: 'custodyOf',
        args: [BigInt(user.fid)],
      })
      if (current.toLowerCase() === user.custody.toLowerCase()) continue
      const hash = await wallet.sendTransaction({
        chain: null,
        to: ID_REGISTRY_ADDRESS,
        data: encodeFunctionData({
          abi: devRegisterAbi,
          functionName: 'devRegister',
          args: [user.custody, BigInt(user.fid)],
        }),
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.status !== 'success') throw new Error(`registering fid ${user.fid} failed`)
    }
  } finally {
    await testClient.stopImpersonatingAccount({ address: registrar })
  }
}
