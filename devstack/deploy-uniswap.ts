/**
 * Uniswap V2 on a fixture chain, from the bytecode its npm packages ship
 * (`@uniswap/v2-core`: UniswapV2Factory and the pair; `@uniswap/v2-periphery`: WETH9 and
 * UniswapV2Router02), and the pools of `fixturePools` seeded by the Uniswap deployer
 * (anvil account 7), all in one block after the fixtures and the seeded history (block 1
 * gave it the tokens).
 * Development only: these GPL-3.0 packages are dev dependencies and nothing here ships.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Abi,
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseAbi,
} from 'viem'
import type { ContractArtifact } from './contracts/artifacts.js'
import {
  fixturePools,
  fixturePoolToken,
  fixtureUniswap,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  uniswapDeployer,
  uniswapDeployNonces,
} from './fixtures.js'
import { localChain } from './local-chain.js'
import { type PlannedTx, sendInOneBlock } from './send-in-one-block.js'

const require = createRequire(import.meta.url)

/** The shipped build files, by what they hold; the state cache's key covers their bytes. */
export const uniswapArtifactFiles = {
  weth: require.resolve('@uniswap/v2-periphery/build/WETH9.json'),
  factory: require.resolve('@uniswap/v2-core/build/UniswapV2Factory.json'),
  pair: require.resolve('@uniswap/v2-core/build/UniswapV2Pair.json'),
  router: require.resolve('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
} as const

export type UniswapArtifacts = Record<keyof typeof uniswapArtifactFiles, ContractArtifact>

/** The init-code hash compiled into the shipped Router02 (UniswapV2Library.pairFor). */
export const ROUTER02_SHIPPED_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

function readArtifact(file: string): ContractArtifact {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi; bytecode: string }
  const bytecode = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`
  return { abi: json.abi, bytecode: bytecode as Hex }
}

/**
 * The router's creation bytecode with the pair init-code hash it looks pairs up by set to
 * `pairInitCodeHash`. The shipped router carries {@link ROUTER02_SHIPPED_INIT_CODE_HASH};
 * a router whose hash is not the factory's pair bytecode's computes pair addresses where
 * no pair is, and every getAmountsOut and swap reverts.
 *
 * @example routerWithInitCodeHash(router.bytecode, keccak256(pair.bytecode))
 */
export function routerWithInitCodeHash(routerBytecode: Hex, pairInitCodeHash: Hex): Hex {
  const shipped = ROUTER02_SHIPPED_INIT_CODE_HASH.slice(2)
  const wanted = pairInitCodeHash.slice(2).toLowerCase()
  if (shipped === wanted) return routerBytecode
  const parts = routerBytecode.toLowerCase().split(shipped)
  if (parts.length !== 2)
    throw new Error(`Router02 bytecode holds its init-code hash ${parts.length - 1} times, expected once`)
  return parts.join(wanted) as Hex
}

/**
 * WETH9, the factory, the pair and Router02 as shipped, the router's init-code hash made
 * the pair bytecode's. Throws when the pair's hash is not the one fixtures.ts computes
 * pair addresses with (another package version: update UNISWAP_V2_PAIR_INIT_CODE_HASH).
 */
export function loadUniswapArtifacts(): UniswapArtifacts {
  const weth = readArtifact(uniswapArtifactFiles.weth)
  const factory = readArtifact(uniswapArtifactFiles.factory)
  const pair = readArtifact(uniswapArtifactFiles.pair)
  const router = readArtifact(uniswapArtifactFiles.router)
  const pairHash = keccak256(pair.bytecode)
  if (pairHash !== UNISWAP_V2_PAIR_INIT_CODE_HASH)
    throw new Error(
      `UniswapV2Pair's init-code hash is ${pairHash}; fixtures.ts computes pair addresses with ${UNISWAP_V2_PAIR_INIT_CODE_HASH}`,
    )
  return {
    weth,
    factory,
    pair,
    router: { ...router, bytecode: routerWithInitCodeHash(router.bytecode, pairHash) },
  }
}

const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])

/**
 * Every transaction of the deployer, in nonce order. Gas limits are fixed (nothing is
 * estimated, so all are sent before one block is mined), about 1.3 times what each uses
 * (22M in all, under the 30M block); a pool's first addLiquidity also creates its pair.
 */
function plan(artifacts: UniswapArtifacts): PlannedTx[] {
  const txs: PlannedTx[] = []
  txs[uniswapDeployNonces.weth] = {
    data: artifacts.weth.bytecode,
    gas: 800_000n,
    deploys: fixtureUniswap.weth,
  }
  txs[uniswapDeployNonces.factory] = {
    data: encodeDeployData({
      abi: artifacts.factory.abi,
      bytecode: artifacts.factory.bytecode,
      args: [uniswapDeployer.address],
    }),
    gas: 4_000_000n,
    deploys: fixtureUniswap.factory,
  }
  txs[uniswapDeployNonces.router] = {
    data: encodeDeployData({
      abi: artifacts.router.abi,
      bytecode: artifacts.router.bytecode,
      args: [fixtureUniswap.factory, fixtureUniswap.weth],
    }),
    gas: 6_200_000n,
    deploys: fixtureUniswap.router,
  }
  const tokens = new Set(fixturePools.flatMap((pool) => pool.assets.filter((asset) => asset !== 'WETH')))
  for (const asset of tokens) {
    txs.push({
      to: fixturePoolToken(asset),
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [fixtureUniswap.router, maxUint256],
      }),
      gas: 80_000n,
    })
  }
  for (const { assets, reserves } of fixturePools) {
    const wethAt = assets.indexOf('WETH')
    if (wethAt >= 0) {
      const tokenAt = 1 - wethAt
      const token = fixturePoolToken(assets[tokenAt]!)
      const [amountToken, amountEth] = [reserves[tokenAt]!, reserves[wethAt]!]
      txs.push({
        to: fixtureUniswap.router,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'addLiquidityETH',
          args: [token, amountToken, amountToken, amountEth, uniswapDeployer.address, maxUint256],
        }),
        value: amountEth,
        gas: 3_600_000n,
      })
    } else {
      const [a, b] = [fixturePoolToken(assets[0]), fixturePoolToken(assets[1])]
      txs.push({
        to: fixtureUniswap.router,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'addLiquidity',
          args: [
            a,
            b,
            reserves[0],
            reserves[1],
            reserves[0],
            reserves[1],
            uniswapDeployer.address,
            maxUint256,
          ],
        }),
        gas: 3_600_000n,
      })
    }
  }
  return txs
}

/**
 * Deploys Uniswap V2 and seeds the fixture pools on a chain where deployFixtures has run,
 * in one block (at the chain's present time, after seedHistory). Throws if a transaction reverts, or an address (contract or pair) differs
 * from fixtures.ts.
 *
 * @example await deployUniswap(anvil.rpcUrl, 31337, loadUniswapArtifacts())
 */
export async function deployUniswap(
  rpcUrl: string,
  chainId: number,
  artifacts: UniswapArtifacts,
): Promise<void> {
  await sendInOneBlock({
    rpcUrl,
    chainId,
    privateKey: uniswapDeployer.privateKey,
    txs: plan(artifacts),
    what: 'Uniswap transaction',
  })
  const client = createPublicClient({ chain: localChain(chainId, rpcUrl), transport: http(rpcUrl) })
  for (const pool of fixturePools) {
    const pair = await client.readContract({
      address: fixtureUniswap.factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [fixturePoolToken(pool.assets[0]), fixturePoolToken(pool.assets[1])],
    })
    if (pair !== pool.pair)
      throw new Error(
        `chain ${chainId}: the ${pool.assets.join('/')} pair is at ${pair}, expected ${pool.pair}`,
      )
  }
}
