/**
 * The history account's past: transactions from March 2025 to October 2026, one per block,
 * each block stamped with its date (`evm_setNextBlockTimestamp`), then the chain's clock
 * set back to the present so later blocks carry real time. Runs once per fresh deploy
 * (the result is in the state cache).
 */
import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { FixtureArtifacts } from './contracts/artifacts.js'
import {
  type FixtureAccount,
  fixtureAccounts,
  fixtureContracts,
  fixtureHistory,
  historyAccount,
  historyCounterparty,
} from './fixtures.js'
import { localChain } from './local-chain.js'

type SeedStep = { by: FixtureAccount; to: Address; value?: bigint; data?: Hex; gas: bigint }

const fees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }

/**
 * The steps, oldest first: a repeating mix of ETH, LUSD and LTK sends and receives with
 * the counterparty, and at fixed places an LUSD approval, an LPNK mint and a spam NFT mint
 * (the only thing the history account gets in that transaction).
 */
export function historySteps(artifacts: FixtureArtifacts): SeedStep[] {
  const tokenAbi = artifacts.contracts.FixtureToken.abi
  const nftAbi = artifacts.contracts.FixtureNFT.abi
  const me = historyAccount.address
  const other = historyCounterparty.address
  const transfer = (to: Address, amount: bigint) =>
    encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [to, amount] })
  const cycle: ((i: number) => SeedStep)[] = [
    () => ({ by: historyCounterparty, to: me, value: parseEther('0.2'), gas: 21_000n }),
    () => ({
      by: historyCounterparty,
      to: fixtureContracts.LUSD,
      data: transfer(me, parseUnits('120', 6)),
      gas: 100_000n,
    }),
    () => ({ by: historyAccount, to: other, value: parseEther('0.05'), gas: 21_000n }),
    () => ({
      by: historyCounterparty,
      to: fixtureContracts.LTK,
      data: transfer(me, parseEther('3')),
      gas: 100_000n,
    }),
    () => ({
      by: historyAccount,
      to: fixtureContracts.LUSD,
      data: transfer(other, parseUnits('40', 6)),
      gas: 100_000n,
    }),
    () => ({
      by: historyAccount,
      to: fixtureContracts.LTK,
      data: transfer(other, parseEther('1')),
      gas: 100_000n,
    }),
    () => ({ by: historyAccount, to: other, value: parseEther('0.01'), gas: 21_000n }),
    () => ({
      by: historyCounterparty,
      to: fixtureContracts.LUSD,
      data: transfer(me, parseUnits('15.5', 6)),
      gas: 100_000n,
    }),
  ]
  const special: Record<number, SeedStep> = {
    12: {
      by: historyAccount,
      to: fixtureContracts.LUSD,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'approve',
        args: [other, parseUnits('1000', 6)],
      }),
      gas: 100_000n,
    },
    30: {
      by: fixtureAccounts[0]!,
      to: fixtureContracts.LPNK,
      data: encodeFunctionData({ abi: nftAbi, functionName: 'mint', args: [me] }),
      gas: 200_000n,
    },
    [fixtureHistory.transactionCount - 10]: {
      by: fixtureAccounts[0]!,
      to: fixtureContracts.SPAM,
      data: encodeFunctionData({ abi: nftAbi, functionName: 'mint', args: [me] }),
      gas: 200_000n,
    },
  }
  return Array.from(
    { length: fixtureHistory.transactionCount },
    (_, i) => special[i] ?? cycle[i % cycle.length]!(i),
  )
}

/**
 * Sends the history on a chain where deployFixtures has run, then brings the clock back to now.
 *
 * @example await seedHistory(anvil.rpcUrl, 31337, artifacts)
 */
export async function seedHistory(
  rpcUrl: string,
  chainId: number,
  artifacts: FixtureArtifacts,
): Promise<void> {
  const chain = localChain(chainId, rpcUrl)
  const transport = http(rpcUrl)
  const reader = createTestClient({ mode: 'anvil', chain, transport }).extend(publicActions)
  const steps = historySteps(artifacts)
  const nonces = new Map<Address, number>()
  for (const account of new Set(steps.map((s) => s.by))) {
    nonces.set(account.address, await reader.getTransactionCount({ address: account.address }))
  }
  const wallets = new Map<Address, ReturnType<typeof walletFor>>()
  function walletFor(account: FixtureAccount) {
    return createWalletClient({ account: privateKeyToAccount(account.privateKey), chain, transport })
  }
  const span = fixtureHistory.lastAt - fixtureHistory.firstAt
  let last: Hex | undefined
  // Each transaction is mined by hand in its own block at its own time. With automine the
  // hash comes back before the block is mined, so on a busy machine the next step's
  // timestamp could be set before the previous transaction's block took the last one.
  await reader.setAutomine(false)
  for (const [i, step] of steps.entries()) {
    const at = fixtureHistory.firstAt + Math.round((span * i) / (steps.length - 1))
    await reader.setNextBlockTimestamp({ timestamp: BigInt(at) })
    const wallet = wallets.get(step.by.address) ?? walletFor(step.by)
    wallets.set(step.by.address, wallet)
    const nonce = nonces.get(step.by.address)!
    nonces.set(step.by.address, nonce + 1)
    last = await wallet.sendTransaction({
      to: step.to,
      value: step.value ?? 0n,
      data: step.data,
      gas: step.gas,
      nonce,
      type: 'eip1559',
      ...fees,
    })
    await reader.mine({ blocks: 1 })
  }
  await reader.setAutomine(true)
  if (last) {
    const receipt = await reader.waitForTransactionReceipt({
      hash: last,
      pollingInterval: 20,
      timeout: 30_000,
    })
    if (receipt.status !== 'success')
      throw new Error(`chain ${chainId}: the last history transaction reverted`)
  }
  await reader.request({ method: 'evm_setTime' as never, params: [Math.floor(Date.now() / 1000)] as never })
  await reader.mine({ blocks: 1 })
}
