/**
 * Uniswap V2 on the shared fixture chains: deployed from the shipped bytecode at the
 * addresses of fixtures.ts, the router finding pairs by the pair's real init-code hash
 * (its getAmountsOut works), and the pools holding the planned reserves.
 */
import { readFileSync } from 'node:fs'
import {
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  loadUniswapArtifacts,
  ROUTER02_SHIPPED_INIT_CODE_HASH,
  routerWithInitCodeHash,
  uniswapArtifactFiles,
} from '../../devstack/deploy-uniswap.js'
import {
  ANVIL_MNEMONIC,
  fixtureContracts,
  fixturePools,
  fixturePoolToken,
  fixtureUniswap,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  uniswapDeployer,
} from '../../devstack/fixtures.js'
import { localChain } from '../../devstack/local-chain.js'
import { getDevstack } from '../support/devstack.js'

const devstack = getDevstack()
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
])
const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
])
const factoryAbi = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function allPairsLength() view returns (uint256)',
])

const shippedBytecode = (file: string) =>
  `0x${(JSON.parse(readFileSync(file, 'utf8')) as { bytecode: string }).bytecode.replace(/^0x/, '')}` as Hex

describe('Uniswap fixture facts', () => {
  it('the deployer is anvil account 7, with its key', () => {
    expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 7 }).address).toBe(uniswapDeployer.address)
    expect(privateKeyToAccount(uniswapDeployer.privateKey).address).toBe(uniswapDeployer.address)
    expect(fixtureUniswap.deployer).toBe(uniswapDeployer.address)
  })

  it('the shipped pair bytecode hashes to the init-code hash, which the shipped Router02 carries', () => {
    expect(keccak256(shippedBytecode(uniswapArtifactFiles.pair))).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH)
    const router = shippedBytecode(uniswapArtifactFiles.router)
    expect(router.split(ROUTER02_SHIPPED_INIT_CODE_HASH.slice(2))).toHaveLength(2)
    // Same hash: the router deployed is the router shipped.
    expect(loadUniswapArtifacts().router.bytecode).toBe(router)
  })

  it('a router whose hash differed would be patched in its one place', () => {
    const router = shippedBytecode(uniswapArtifactFiles.router)
    const other = `0x${'ab'.repeat(32)}` as Hex
    const patched = routerWithInitCodeHash(router, other)
    expect(patched).toHaveLength(router.length)
    expect(patched.includes(ROUTER02_SHIPPED_INIT_CODE_HASH.slice(2))).toBe(false)
    expect(patched.split('ab'.repeat(32))).toHaveLength(2)
  })
})

describe.each(devstack.chains.map((chain) => [chain.chainId, chain] as const))('chain %i', (_, chain) => {
  const client = createPublicClient({
    chain: localChain(chain.chainId, chain.rpcUrl),
    transport: http(chain.rpcUrl),
  })

  it('has WETH9, the factory and Router02 at the fixture addresses, wired together', async () => {
    for (const address of [fixtureUniswap.weth, fixtureUniswap.factory, fixtureUniswap.router]) {
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/)
    }
    const read = (functionName: 'factory' | 'WETH') =>
      client.readContract({ address: fixtureUniswap.router, abi: routerAbi, functionName })
    expect(await read('factory')).toBe(fixtureUniswap.factory)
    expect(await read('WETH')).toBe(fixtureUniswap.weth)
    expect(
      await client.readContract({ address: fixtureUniswap.weth, abi: erc20Abi, functionName: 'symbol' }),
    ).toBe('WETH')
  })

  it.each(fixturePools.map((pool) => [pool.assets.join('/'), pool] as const))(
    'the %s pool holds the planned reserves',
    async (_, pool) => {
      const [a, b] = [fixturePoolToken(pool.assets[0]), fixturePoolToken(pool.assets[1])]
      expect(
        await client.readContract({
          address: fixtureUniswap.factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [a, b],
        }),
      ).toBe(pool.pair)
      const token0 = await client.readContract({ address: pool.pair, abi: pairAbi, functionName: 'token0' })
      const [reserve0, reserve1] = await client.readContract({
        address: pool.pair,
        abi: pairAbi,
        functionName: 'getReserves',
      })
      const inOrder = token0 === a ? pool.reserves : [pool.reserves[1], pool.reserves[0]]
      expect([reserve0, reserve1]).toEqual(inOrder)
    },
  )

  it('has those three pools and none for ZDT; the deployer put every token it got into them', async () => {
    expect(
      await client.readContract({
        address: fixtureUniswap.factory,
        abi: factoryAbi,
        functionName: 'allPairsLength',
      }),
    ).toBe(3n)
    expect(
      await client.readContract({
        address: fixtureUniswap.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [fixtureContracts.ZDT, fixtureUniswap.weth],
      }),
    ).toBe(zeroAddress)
    for (const token of [fixtureContracts.LUSD, fixtureContracts.LTK]) {
      expect(
        await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [uniswapDeployer.address],
        }),
      ).toBe(0n)
    }
  })

  it("the router's getAmountsOut prices a trade from the pools (it finds pairs by the right init-code hash)", async () => {
    const [wethReserve, lusdReserve] = fixturePools[0]!.reserves
    const amountIn = parseEther('1')
    const amounts = await client.readContract({
      address: fixtureUniswap.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, [fixtureUniswap.weth, fixtureContracts.LUSD]],
    })
    // UniswapV2Library.getAmountOut: 0.3 % fee, constant product.
    const expected = (amountIn * 997n * lusdReserve) / (wethReserve * 1000n + amountIn * 997n)
    expect(amounts).toEqual([amountIn, expected])
    expect(Number(expected) / 1e6).toBeCloseTo(1974, 0) // about $2,000 less fee and impact
  })
})
