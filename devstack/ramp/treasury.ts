/**
 * Deliveries from the ramp treasury: ETH from its own anvil balance, or an ERC20 transfer
 * (LUSD, LTK), each waited for until mined. Sends from one account on one chain go one at
 * a time, whichever ramp asks (both brands share the treasury), so no two pick the same nonce.
 */
import { type Address, createWalletClient, erc20Abi, type Hash, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { FixtureAccount } from '../fixtures.js'
import { localChain } from '../local-chain.js'

export type Delivery = {
  treasury: FixtureAccount
  chainId: number
  rpcUrl: string
  to: Address
  /** Base units. */
  amount: bigint
  /** The ERC20 to transfer; absent for ETH. */
  token?: Address
}

// Per treasury and chain endpoint (tests run several anvils with the same chain id).
const queues = new Map<string, Promise<unknown>>()

/**
 * Sends `amount` to `to` and resolves with the transaction hash once it is mined; rejects
 * when it cannot be sent or reverts.
 *
 * @example await deliver({ treasury: rampTreasury, chainId: 31337, rpcUrl, to, amount: 98_500_000n, token: lusd })
 */
export function deliver(delivery: Delivery): Promise<Hash> {
  const key = `${delivery.treasury.address}@${delivery.rpcUrl}`
  const run = (queues.get(key) ?? Promise.resolve()).catch(() => {}).then(() => send(delivery))
  queues.set(key, run)
  const forget = () => {
    if (queues.get(key) === run) queues.delete(key)
  }
  run.then(forget, forget)
  return run
}

async function send({ treasury, chainId, rpcUrl, to, amount, token }: Delivery): Promise<Hash> {
  const client = createWalletClient({
    account: privateKeyToAccount(treasury.privateKey),
    chain: localChain(chainId, rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions)
  const hash = token
    ? await client.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amount],
      })
    : await client.sendTransaction({ to, value: amount })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
  if (receipt.status !== 'success') throw new Error(`the delivery ${hash} reverted`)
  return hash
}
