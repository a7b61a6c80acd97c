/**
 * The way the devstack deploys: every transaction of a plan sent from a fresh account
 * with fixed nonces, gas and fees, then one block mined. Nothing is estimated, so every
 * transaction can be sent before any is mined, and a chain comes up in a few blocks.
 */
import {
  type Address,
  createTestClient,
  createWalletClient,
  getAddress,
  type Hash,
  type Hex,
  http,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localChain } from './local-chain.js'

/** One planned transaction; `deploys` is the address its contract must land at. */
export type PlannedTx = { to?: Address; data: Hex; gas: bigint; value?: bigint; deploys?: Address }

/** Another account's transactions for the same block; it need not be fresh. */
export type FollowingTxs = { privateKey: Hex; txs: readonly PlannedTx[] }

// Limits are generous; each plan fits one 30M-gas block.
const fees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
// A lower tip for `followedBy`: anvil orders a block by tip (or, with --order fifo, by arrival,
// and these are sent last), so they run after every transaction of the main account.
const followingFees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 500_000_000n }

/**
 * Sends `txs` in nonce order from the account of `privateKey`, which must not have sent
 * anything yet, with automine paused, and mines them in one block. `followedBy` adds other
 * accounts' transactions to that block, after all of these: each from the nonce its account
 * has reached (fixture accounts that have sent before). Throws, naming `what`, if the
 * account is not fresh, a transaction reverts or runs out of that order, or a contract
 * lands elsewhere than planned.
 *
 * @example
 * await sendInOneBlock({ rpcUrl, chainId: 31337, privateKey, txs: plan(artifacts), what: 'fixture transaction' })
 */
export async function sendInOneBlock(params: {
  rpcUrl: string
  chainId: number
  privateKey: Hex
  txs: readonly PlannedTx[]
  what: string
  followedBy?: readonly FollowingTxs[]
}): Promise<void> {
  const { rpcUrl, chainId, privateKey, txs, what, followedBy = [] } = params
  const chain = localChain(chainId, rpcUrl)
  const walletOf = (key: Hex) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain,
      transport: http(rpcUrl),
    }).extend(publicActions)
  const client = walletOf(privateKey)
  const anvil = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) })

  const startNonce = await client.getTransactionCount({ address: client.account.address })
  if (startNonce !== 0)
    throw new Error(
      `chain ${chainId}: ${client.account.address}'s nonce is ${startNonce}, expected a fresh chain`,
    )
  const following = await Promise.all(
    followedBy.map(async ({ privateKey: key, txs: theirs }) => {
      const wallet = walletOf(key)
      return {
        wallet,
        txs: theirs,
        from: await wallet.getTransactionCount({ address: wallet.account.address }),
      }
    }),
  )

  const hashes: Hash[] = []
  const sentTxs: PlannedTx[] = []
  await anvil.setAutomine(false)
  try {
    for (const [nonce, tx] of txs.entries()) {
      const { deploys: _, ...sent } = tx
      hashes.push(await client.sendTransaction({ value: 0n, ...sent, ...fees, nonce, type: 'eip1559' }))
      sentTxs.push(tx)
    }
    for (const { wallet, txs: theirs, from } of following) {
      for (const [i, tx] of theirs.entries()) {
        const { deploys: _, ...sent } = tx
        hashes.push(
          await wallet.sendTransaction({
            value: 0n,
            ...sent,
            ...followingFees,
            nonce: from + i,
            type: 'eip1559',
          }),
        )
        sentTxs.push(tx)
      }
    }
    await anvil.mine({ blocks: 1 })
  } finally {
    await anvil.setAutomine(true)
  }

  const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })))
  receipts.forEach((receipt, i) => {
    if (receipt.status !== 'success')
      throw new Error(`chain ${chainId}: ${what} ${i} reverted (${receipt.transactionHash})`)
    // A following transaction that ran early would have met contracts not yet deployed.
    const last = receipts[txs.length - 1]
    if (
      i >= txs.length &&
      last &&
      (receipt.blockNumber !== last.blockNumber || receipt.transactionIndex < last.transactionIndex)
    )
      throw new Error(`chain ${chainId}: ${what} ${i} ran before the main account's last transaction`)
    const expected = sentTxs[i]!.deploys
    if (expected && (!receipt.contractAddress || getAddress(receipt.contractAddress) !== expected))
      throw new Error(
        `chain ${chainId}: ${what} ${i} deployed at ${receipt.contractAddress}, expected ${expected}`,
      )
  })
}
