import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  http,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { FixtureArtifacts } from './contracts/artifacts.js'
import {
  type FixtureContractKey,
  type FixtureTokenKey,
  fixtureAccounts,
  fixtureContracts,
  fixtureLiquidityOf,
  fixtureNft,
  fixtureSpamNft,
  fixtureTokens,
  historyCounterparty,
  rampTreasury,
  uniswapDeployer,
} from './fixtures.js'
import { localChain } from './local-chain.js'

type PlannedTx = { to?: Address; data: Hex; gas: bigint; deploys?: FixtureContractKey }

// Explicit gas and fees: nothing is estimated, so every transaction can be sent before
// any is mined. Limits are generous; the whole plan fits one 30M-gas block.
const fees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
const deployGas = 4_000_000n
const callGas = 200_000n

/** Every transaction account 0 sends, in nonce order. Deploy nonces match fixtures.ts. */
function plan(artifacts: FixtureArtifacts): PlannedTx[] {
  const { FixtureToken, FixtureNFT } = artifacts.contracts
  const holder = fixtureAccounts[0]!.address
  const tokenKeys = Object.keys(fixtureTokens) as FixtureTokenKey[]
  const txs: PlannedTx[] = []
  for (const key of tokenKeys) {
    const token = fixtureTokens[key]
    const supply =
      token.seedBalance * BigInt(fixtureAccounts.length) +
      token.counterpartyBalance +
      token.rampTreasuryBalance +
      fixtureLiquidityOf(key)
    txs[token.deployNonce] = {
      data: encodeDeployData({
        abi: FixtureToken.abi,
        bytecode: FixtureToken.bytecode,
        args: [token.name, token.symbol, token.decimals, supply, holder],
      }),
      gas: deployGas,
      deploys: key,
    }
  }
  txs[fixtureNft.deployNonce] = {
    data: encodeDeployData({
      abi: FixtureNFT.abi,
      bytecode: FixtureNFT.bytecode,
      args: [fixtureNft.name, fixtureNft.symbol],
    }),
    gas: deployGas,
    deploys: 'LPNK',
  }
  txs[fixtureSpamNft.deployNonce] = {
    data: encodeDeployData({
      abi: FixtureNFT.abi,
      bytecode: FixtureNFT.bytecode,
      args: [fixtureSpamNft.name, fixtureSpamNft.symbol],
    }),
    gas: deployGas,
    deploys: 'SPAM',
  }
  for (const key of tokenKeys) {
    if (fixtureTokens[key].counterpartyBalance > 0n) {
      txs.push({
        to: fixtureContracts[key],
        data: encodeFunctionData({
          abi: FixtureToken.abi,
          functionName: 'transfer',
          args: [historyCounterparty.address, fixtureTokens[key].counterpartyBalance],
        }),
        gas: callGas,
      })
    }
    for (const account of fixtureAccounts.slice(1)) {
      txs.push({
        to: fixtureContracts[key],
        data: encodeFunctionData({
          abi: FixtureToken.abi,
          functionName: 'transfer',
          args: [account.address, fixtureTokens[key].seedBalance],
        }),
        gas: callGas,
      })
    }
  }
  for (const owner of fixtureNft.owners) {
    txs.push({
      to: fixtureContracts.LPNK,
      data: encodeFunctionData({
        abi: FixtureNFT.abi,
        functionName: 'mint',
        args: [fixtureAccounts[owner]!.address],
      }),
      gas: callGas,
    })
  }
  // The Uniswap deployer's share, which deploy-uniswap.ts puts into the pools.
  for (const key of tokenKeys) {
    const liquidity = fixtureLiquidityOf(key)
    if (liquidity > 0n) {
      txs.push({
        to: fixtureContracts[key],
        data: encodeFunctionData({
          abi: FixtureToken.abi,
          functionName: 'transfer',
          args: [uniswapDeployer.address, liquidity],
        }),
        gas: callGas,
      })
    }
  }
  // The ramp treasury's share, which the devstack's ramps deliver to buyers.
  for (const key of tokenKeys) {
    if (fixtureTokens[key].rampTreasuryBalance > 0n) {
      txs.push({
        to: fixtureContracts[key],
        data: encodeFunctionData({
          abi: FixtureToken.abi,
          functionName: 'transfer',
          args: [rampTreasury.address, fixtureTokens[key].rampTreasuryBalance],
        }),
        gas: callGas,
      })
    }
  }
  return txs
}

/**
 * Deploys and seeds the fixture contracts on a fresh anvil (account 0 at nonce 0), all in
 * one block: automine is paused, the transactions are sent with fixed nonces, and one
 * block is mined. Throws if any transaction reverts or an address differs from fixtures.ts.
 */
export async function deployFixtures(
  rpcUrl: string,
  chainId: number,
  artifacts: FixtureArtifacts,
): Promise<void> {
  const chain = localChain(chainId, rpcUrl)
  const client = createWalletClient({
    account: privateKeyToAccount(fixtureAccounts[0]!.privateKey),
    chain,
    transport: http(rpcUrl),
  }).extend(publicActions)
  const anvil = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) })

  const startNonce = await client.getTransactionCount({ address: client.account.address })
  if (startNonce !== 0)
    throw new Error(`chain ${chainId}: deployer nonce is ${startNonce}, expected a fresh chain`)

  const txs = plan(artifacts)
  const hashes: Hash[] = []
  await anvil.setAutomine(false)
  try {
    for (const [nonce, tx] of txs.entries()) {
      hashes.push(await client.sendTransaction({ ...tx, ...fees, nonce, type: 'eip1559', value: 0n }))
    }
    await anvil.mine({ blocks: 1 })
  } finally {
    await anvil.setAutomine(true)
  }

  const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })))
  receipts.forEach((receipt, i) => {
    if (receipt.status !== 'success')
      throw new Error(`chain ${chainId}: fixture transaction ${i} reverted (${receipt.transactionHash})`)
    const key = txs[i]!.deploys
    if (key && (!receipt.contractAddress || getAddress(receipt.contractAddress) !== fixtureContracts[key])) {
      throw new Error(
        `chain ${chainId}: ${key} deployed at ${receipt.contractAddress}, expected ${fixtureContracts[key]}`,
      )
    }
  })
}
