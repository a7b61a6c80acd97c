/**
 * Puts a registered name on the chain, as the zone's owner (the operator key) may: the
 * subname with the public resolver, its address records (Ethereum's and the signer's
 * chain's coin type) and profile texts, then ownership handed to the person. Three
 * transactions, each waited for, because each needs the one before it mined.
 */
import {
  type Account,
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  labelhash,
  namehash,
  type PublicClient,
  toCoinType,
} from 'viem'
import type { SqlClient } from '../db/sqlClient.js'
import { type EnsDeployment, PROFILE_TEXTS } from './chainNames.js'
import { ensRegistryAbi, publicResolverAbi } from './ensAbis.js'
import { reserveNonces } from './operatorNonces.js'

/** A name to set, as the registration asked for it. */
export type NameToSet = {
  label: string
  zone: string
  address: Address
  /** The chain the person signed for; its coin type gets an address record beside 60. */
  chainId: number
  attributes: Record<string, string>
}

/** The chain refused a step; the name is not registered. */
export class ChainWriteError extends Error {
  override name = 'ChainWriteError'
}

const STEPS = 3

/**
 * Sets `entry` on chain and resolves with the transaction hashes, or rejects with a
 * {@link ChainWriteError} (after using up the nonces it took, so later registrations are
 * not stuck behind a gap).
 *
 * @example
 * await setNameOnChain({ deployment, operator, client, sql }, { label: 'alice', zone: 'latch.id', address, chainId: 1, attributes: {} })
 */
export async function setNameOnChain(
  io: {
    deployment: EnsDeployment
    operator: Account
    client: PublicClient
    sql: SqlClient
    pollingIntervalMs: number
  },
  entry: NameToSet,
): Promise<Hex[]> {
  const { deployment, operator, client, sql } = io
  const wallet = createWalletClient({ account: operator, transport: http(deployment.rpcUrl) })
  const zoneNode = namehash(entry.zone)
  const node = namehash(`${entry.label}.${entry.zone}`)
  const resolverCalls: Hex[] = [
    encodeFunctionData({ abi: publicResolverAbi, functionName: 'setAddr', args: [node, entry.address] }),
  ]
  const coinType = toCoinType(entry.chainId)
  if (coinType !== 60n) {
    resolverCalls.push(
      encodeFunctionData({
        abi: publicResolverAbi,
        functionName: 'setAddr',
        args: [node, coinType, entry.address.toLowerCase() as Hex],
      }),
    )
  }
  for (const [attribute, key] of Object.entries(PROFILE_TEXTS)) {
    const value = entry.attributes[attribute]
    if (value) {
      resolverCalls.push(
        encodeFunctionData({ abi: publicResolverAbi, functionName: 'setText', args: [node, key, value] }),
      )
    }
  }
  const steps: { to: Address; data: Hex }[] = [
    {
      to: deployment.registry,
      data: encodeFunctionData({
        abi: ensRegistryAbi,
        functionName: 'setSubnodeRecord',
        args: [zoneNode, labelhash(entry.label), operator.address, deployment.publicResolver, 0n],
      }),
    },
    {
      to: deployment.publicResolver,
      data: encodeFunctionData({ abi: publicResolverAbi, functionName: 'multicall', args: [resolverCalls] }),
    },
    {
      to: deployment.registry,
      data: encodeFunctionData({
        abi: ensRegistryAbi,
        functionName: 'setOwner',
        args: [node, entry.address],
      }),
    },
  ]

  // The first step is tried before any nonce is taken: a zone the operator does not own
  // (a setup mistake) fails here, costing nothing.
  try {
    await client.call({ account: operator.address, to: steps[0]!.to, data: steps[0]!.data })
  } catch (error) {
    throw new ChainWriteError(
      `the operator ${operator.address} cannot create names under ${entry.zone}: ${shortReason(error)}`,
    )
  }

  const chainCount = await client.getTransactionCount({ address: operator.address, blockTag: 'pending' })
  const first = await reserveNonces(sql, deployment.chainId, chainCount, STEPS)
  const hashes: Hex[] = []
  try {
    for (const [i, step] of steps.entries()) {
      const hash = await wallet.sendTransaction({ ...step, nonce: first + i, chain: null })
      hashes.push(hash)
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: io.pollingIntervalMs })
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    }
    return hashes
  } catch (error) {
    await fillNonces(wallet, operator, first + hashes.length, first + STEPS)
    throw new ChainWriteError(`setting ${entry.label}.${entry.zone} on chain failed: ${shortReason(error)}`)
  }
}

/** Sends nothing-transactions (0 to itself) with the nonces a failed registration left unused. */
async function fillNonces(
  wallet: ReturnType<typeof createWalletClient>,
  operator: Account,
  from: number,
  to: number,
): Promise<void> {
  for (let nonce = from; nonce < to; nonce++) {
    await wallet
      .sendTransaction({ account: operator, to: operator.address, value: 0n, nonce, chain: null })
      .catch(() => undefined)
  }
}

function shortReason(error: unknown): string {
  const message =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error)
  return message.split('\n')[0] ?? 'unknown error'
}
