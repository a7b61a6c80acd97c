import { encodeDeployData, encodeFunctionData } from 'viem'
import type { FixtureArtifacts } from './contracts/artifacts.js'
import {
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
import { type PlannedTx, sendInOneBlock } from './send-in-one-block.js'

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
      deploys: fixtureContracts[key],
    }
  }
  txs[fixtureNft.deployNonce] = {
    data: encodeDeployData({
      abi: FixtureNFT.abi,
      bytecode: FixtureNFT.bytecode,
      args: [fixtureNft.name, fixtureNft.symbol],
    }),
    gas: deployGas,
    deploys: fixtureContracts.LPNK,
  }
  txs[fixtureSpamNft.deployNonce] = {
    data: encodeDeployData({
      abi: FixtureNFT.abi,
      bytecode: FixtureNFT.bytecode,
      args: [fixtureSpamNft.name, fixtureSpamNft.symbol],
    }),
    gas: deployGas,
    deploys: fixtureContracts.SPAM,
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
  await sendInOneBlock({
    rpcUrl,
    chainId,
    privateKey: fixtureAccounts[0]!.privateKey,
    txs: plan(artifacts),
    what: 'fixture transaction',
  })
}
