/**
 * The convert (swap) API against the fixture Uniswap V2 on this file's own anvil chains
 * (it swaps, so it leaves the shared ones alone), over real HTTP: quotes equal the
 * router's getAmountsOut read directly, with their price impact and fee; what has no
 * pool or moves the price too far is refused; approvals and swaps built by the API land
 * when a wallet sends them; a swap whose price moved past the slippage is refused; and
 * every bad input is a 400 that says what is wrong.
 */
import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApiServer, fixtureSwap, startApiServer } from '../../../devstack/api/server'
import { type StartedChains, startChains } from '../../../devstack/chain'
import {
  type FixtureAccount,
  fixtureAccounts,
  fixtureContracts,
  fixturePools,
  fixtureUniswap,
  historyCounterparty,
} from '../../../devstack/fixtures'
import { localChain } from '../../../devstack/local-chain'
import { NATIVE_TOKEN_ADDRESS } from '../../../server/api/chainConfig'
import { getJson, LOCAL, LOCAL_2, PROJECT_ID, postJson } from './helpers'

let stack: StartedChains
let server: ApiServer
let client: PublicClient
let chain!: Chain

beforeAll(async () => {
  stack = await startChains()
  server = await startApiServer({ chains: stack.chains })
  const chain = stack.chains[0]!
  client = createPublicClient({
    chain: localChain(chain.chainId, chain.rpcUrl),
    transport: http(chain.rpcUrl),
  })
})

afterAll(async () => {
  await server?.stop()
  await stack?.stop()
})

beforeEach(() => {
  server.settings.swap = fixtureSwap(stack.chains)
})

const ETH = `${LOCAL}:${NATIVE_TOKEN_ADDRESS}`
const LUSD = `${LOCAL}:${fixtureContracts.LUSD}`
const LTK = `${LOCAL}:${fixtureContracts.LTK}`
const ZDT = `${LOCAL}:${fixtureContracts.ZDT}`
const WETH_CAIP = `${LOCAL}:${fixtureUniswap.weth}`

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])

type Quote = {
  id: null
  fromAmount: string
  fromAccount: string
  toAmount: string
  toAccount: string
  priceImpact: number
  providerFee: number
  path: string[]
}
type Failure = { message: string; code?: string }

/** The router call a built swap makes: its function and arguments. */
const swapCall = (data: Hex) => {
  const { functionName, args } = decodeFunctionData({ abi: routerAbi, data })
  return { functionName, args: args as readonly unknown[] }
}
type Tx = { from: Address; to: Address; data: Hex; value: string; eip155: { gas: string; gasPrice: string } }

const addressOf = (caip10: string) => caip10.split(':')[2] as Address

function quotes(
  from: string,
  to: string,
  amount: bigint | string,
  userAddress: string = fixtureAccounts[0]!.address,
) {
  return getJson<{ quotes: Quote[] } | Failure>(server, '/v1/convert/quotes', {
    amount: amount.toString(),
    userAddress,
    from,
    to,
  })
}

async function quoteOf(from: string, to: string, amount: bigint): Promise<Quote> {
  const { status, body } = await quotes(from, to, amount)
  expect(status, JSON.stringify(body)).toBe(200)
  return (body as { quotes: Quote[] }).quotes[0]!
}

function buildSwap(body: Record<string, unknown>) {
  return postJson<{ tx: Tx } | Failure>(server, '/v1/convert/build-transaction', {
    projectId: PROJECT_ID,
    eip155: { slippage: '1' },
    ...body,
  })
}

async function builtSwap(body: Record<string, unknown>): Promise<Tx> {
  const { status, body: answer } = await buildSwap(body)
  expect(status, JSON.stringify(answer)).toBe(200)
  return (answer as { tx: Tx }).tx
}

const walletOf = (account: FixtureAccount) =>
  createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain,
    transport: http(stack.chains[0]!.rpcUrl),
  })

/** Sends what the API built, as a wallet would, and waits for it to land. */
async function send(account: FixtureAccount, tx: Tx) {
  expect(tx.from).toBe(account.address)
  const hash = await walletOf(account).sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

const balanceOf = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

const routerAmountsOut = (amountIn: bigint, path: Address[]) =>
  client.readContract({
    address: fixtureUniswap.router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })

/** Reserves of a pair as [reserve of `a`, reserve of `b`], read from the chain. */
async function reservesOf(a: Address, b: Address): Promise<[bigint, bigint]> {
  const pool = fixturePools.find(({ assets }) => {
    const tokens = assets.map((asset) => (asset === 'WETH' ? fixtureUniswap.weth : fixtureContracts[asset]))
    return tokens.includes(a) && tokens.includes(b)
  })!
  const [r0, r1] = await client.readContract({
    address: pool.pair,
    abi: pairAbi,
    functionName: 'getReserves',
  })
  return a.toLowerCase() < b.toLowerCase() ? [r0, r1] : [r1, r0]
}

describe('quotes come from the router', () => {
  it.each([
    ['ETH -> LUSD', ETH, LUSD, parseEther('1'), [WETH_CAIP, LUSD]],
    ['LUSD -> LTK, on their own pair', LUSD, LTK, parseUnits('1000', 6), [LUSD, LTK]],
    ['LTK -> ETH', LTK, ETH, parseEther('100'), [LTK, WETH_CAIP]],
  ])('%s: getAmountsOut, its price impact and the fee', async (_, from, to, amount, path) => {
    const quote = await quoteOf(from, to, amount)
    const routerPath = path.map(addressOf)
    const amounts = await routerAmountsOut(amount, routerPath)
    expect(quote).toEqual({
      id: null,
      fromAmount: amount.toString(),
      fromAccount: from,
      toAmount: amounts.at(-1)!.toString(),
      toAccount: to,
      priceImpact: expect.any(Number),
      providerFee: 0.3,
      path,
    })
    // 1 - out / (what the mid price gives after the pool's 0.3 % fee), read from the pair.
    const [reserveIn, reserveOut] = await reservesOf(routerPath[0]!, routerPath[1]!)
    const midOut = (Number(amount) * 0.997 * Number(reserveOut)) / Number(reserveIn)
    expect(quote.priceImpact).toBeCloseTo((1 - Number(amounts.at(-1)!) / midOut) * 100, 4)
    // A trade of 1 % of the pool or less: some impact, at most about 1 %; the fee is apart.
    expect(quote.priceImpact).toBeGreaterThan(0)
    expect(quote.priceImpact).toBeLessThan(1.2)
  })

  it('prices at the pools: 1 ETH buys about 2,000 LUSD, 1 LTK about 2.5 LUSD', async () => {
    const eth = await quoteOf(ETH, LUSD, parseEther('1'))
    expect(Number(eth.toAmount) / 1e6).toBeGreaterThan(1960)
    expect(Number(eth.toAmount) / 1e6).toBeLessThan(2000)
    const ltk = await quoteOf(LTK, LUSD, parseEther('1'))
    expect(Number(ltk.toAmount) / 1e6).toBeCloseTo(2.49, 1)
  })

  it('a token without a pool is insufficient liquidity (422), both ways', async () => {
    for (const [from, to] of [
      [ZDT, ETH],
      [ETH, ZDT],
      [ZDT, LUSD],
    ] as const) {
      expect(await quotes(from, to, 100n)).toEqual({
        status: 422,
        body: { code: 'INSUFFICIENT_LIQUIDITY', message: 'Insufficient liquidity for this trade' },
      })
    }
  })

  it('a trade that would move the price more than 15 % is refused (422); under it is quoted', async () => {
    // 30 ETH into a 100 ETH pool: about 23 % impact. 10 ETH: about 9 %.
    expect(await quotes(ETH, LUSD, parseEther('30'))).toEqual({
      status: 422,
      body: { code: 'INSUFFICIENT_LIQUIDITY', message: 'Insufficient liquidity for this trade' },
    })
    const ten = await quoteOf(ETH, LUSD, parseEther('10'))
    expect(ten.priceImpact).toBeGreaterThan(8)
    expect(ten.priceImpact).toBeLessThan(15)
    // An amount the router's arithmetic overflows on, and one so small it buys nothing.
    expect((await quotes(ETH, LUSD, maxUint256)).status).toBe(422)
    expect((await quotes(LTK, LUSD, 1n)).status).toBe(422)
  })

  it('tokens lists the native currency first, then the chain tokens', async () => {
    const { status, body } = await getJson<{ tokens: { symbol: string; address: string }[] }>(
      server,
      '/v1/convert/tokens',
      { chainId: LOCAL },
    )
    expect(status).toBe(200)
    expect(body.tokens.map((token) => [token.symbol, token.address])).toEqual([
      ['ETH', ETH],
      ['LUSD', LUSD],
      ['LTK', LTK],
      ['ZDT', ZDT],
    ])
  })
})

describe('chains the API does not serve swaps on', () => {
  const unsupported = {
    status: 400,
    body: { code: 'SWAPS_UNSUPPORTED_NETWORK', message: 'Network not supported for Swaps' },
  }

  it('every convert route refuses a chain missing from settings.swap, and one the API does not serve', async () => {
    server.settings.swap = {
      chains: { [LOCAL]: { router: fixtureUniswap.router, weth: fixtureUniswap.weth } },
    }
    for (const chain of [LOCAL_2, 'eip155:1']) {
      const eth = `${chain}:${NATIVE_TOKEN_ADDRESS}`
      const lusd = `${chain}:${fixtureContracts.LUSD}`
      const user = fixtureAccounts[0]!.address
      expect(await getJson(server, '/v1/convert/tokens', { chainId: chain })).toEqual(unsupported)
      expect(await quotes(eth, lusd, parseEther('1'))).toEqual(unsupported)
      expect(
        await getJson(server, '/v1/convert/allowance', { tokenAddress: lusd, userAddress: user }),
      ).toEqual(unsupported)
      expect(
        await getJson(server, '/v1/convert/build-approve', { userAddress: user, from: lusd, to: eth }),
      ).toEqual(unsupported)
      expect(await buildSwap({ amount: '1', from: eth, to: lusd, userAddress: `${chain}:${user}` })).toEqual(
        unsupported,
      )
      expect(await getJson(server, '/v1/convert/gas-price', { chainId: chain })).toEqual({
        status: 400,
        body: { code: 'GAS_PRICE_UNSUPPORTED_NETWORK', message: 'Network not supported for Gas Price' },
      })
    }
    // The configured chain still answers.
    expect((await getJson(server, '/v1/convert/gas-price', { chainId: LOCAL })).status).toBe(200)
  })

  it('without settings.swap, swaps are not configured: 501 on every chain', async () => {
    server.settings.swap = undefined
    expect(await quotes(ETH, LUSD, parseEther('1'))).toEqual({
      status: 501,
      body: { code: 'SWAPS_NOT_CONFIGURED', message: 'Swaps are not configured on this server' },
    })
  })

  it('gas price answers standard <= fast <= instant in wei', async () => {
    const { body } = await getJson<{ standard: string; fast: string; instant: string }>(
      server,
      '/v1/convert/gas-price',
      { chainId: LOCAL },
    )
    expect(BigInt(body.standard)).toBeGreaterThan(0n)
    expect(BigInt(body.fast)).toBeGreaterThanOrEqual(BigInt(body.standard))
    expect(BigInt(body.instant)).toBeGreaterThanOrEqual(BigInt(body.fast))
  })
})

describe('approvals and swaps, sent from a wallet', () => {
  it('build-approve approves the router; once sent, allowance reads the amount; native needs none', async () => {
    const owner = fixtureAccounts[1]!
    const allowance = async () =>
      (
        await getJson<{ allowance: string }>(server, '/v1/convert/allowance', {
          tokenAddress: LUSD,
          userAddress: owner.address,
        })
      ).body.allowance
    expect(await allowance()).toBe('0')
    const amount = parseUnits('500', 6)
    const { status, body } = await getJson<{ tx: Tx }>(server, '/v1/convert/build-approve', {
      userAddress: owner.address,
      from: LUSD,
      to: LTK,
      amount: amount.toString(),
    })
    expect(status).toBe(200)
    expect(body.tx).toMatchObject({ from: owner.address, to: fixtureContracts.LUSD, value: '0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: body.tx.data })).toEqual({
      functionName: 'approve',
      args: [fixtureUniswap.router, amount],
    })
    expect(BigInt(body.tx.eip155.gas)).toBeGreaterThan(21_000n)
    await send(owner, body.tx)
    expect(await allowance()).toBe(amount.toString())
    expect(
      await client.readContract({
        address: fixtureContracts.LUSD,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner.address, fixtureUniswap.router],
      }),
    ).toBe(amount)

    // Without an amount: unlimited. The native currency: always allowed, never approved.
    const unlimited = await getJson<{ tx: Tx }>(server, '/v1/convert/build-approve', {
      userAddress: owner.address,
      from: LTK,
      to: LUSD,
    })
    expect(decodeFunctionData({ abi: erc20Abi, data: unlimited.body.tx.data }).args).toEqual([
      fixtureUniswap.router,
      maxUint256,
    ])
    expect(
      (
        await getJson<{ allowance: string }>(server, '/v1/convert/allowance', {
          tokenAddress: ETH,
          userAddress: owner.address,
        })
      ).body,
    ).toEqual({ allowance: maxUint256.toString() })
    expect(
      (
        await getJson<Failure>(server, '/v1/convert/build-approve', {
          userAddress: owner.address,
          from: ETH,
          to: LUSD,
        })
      ).status,
    ).toBe(400)
  })

  it('ETH -> LUSD: the built swap lands and the LUSD balance rises by at least amountOutMin', async () => {
    const user = fixtureAccounts[2]!
    const amount = parseEther('1')
    const quote = await quoteOf(ETH, LUSD, amount)
    const tx = await builtSwap({
      amount: amount.toString(),
      from: ETH,
      to: LUSD,
      userAddress: `${LOCAL}:${user.address}`,
      toAmount: quote.toAmount,
    })
    expect(tx).toMatchObject({ from: user.address, to: fixtureUniswap.router, value: amount.toString() })
    const call = swapCall(tx.data)
    const amountOutMin = (BigInt(quote.toAmount) * 99n) / 100n
    expect(call.functionName).toBe('swapExactETHForTokens')
    const [min, path, to, deadline] = call.args as [bigint, Address[], Address, bigint]
    expect([min, path, to]).toEqual([
      amountOutMin,
      [fixtureUniswap.weth, fixtureContracts.LUSD],
      user.address,
    ])
    expect(Number(deadline) - Date.now() / 1000).toBeGreaterThan(19 * 60)
    expect(Number(deadline) - Date.now() / 1000).toBeLessThan(21 * 60)
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n)
    expect(BigInt(tx.eip155.gasPrice)).toBeGreaterThan(0n)

    const before = await balanceOf(fixtureContracts.LUSD, user.address)
    await send(user, tx)
    const gained = (await balanceOf(fixtureContracts.LUSD, user.address)) - before
    expect(gained).toBeGreaterThanOrEqual(amountOutMin)
    expect(gained).toBe(BigInt(quote.toAmount)) // nobody traded in between
  })

  it('LUSD -> LTK after an approval, and LTK -> ETH: the token swaps land too', async () => {
    const user = fixtureAccounts[3]!
    const amount = parseUnits('100', 6)
    const approve = await getJson<{ tx: Tx }>(server, '/v1/convert/build-approve', {
      userAddress: user.address,
      from: LUSD,
      to: LTK,
    })
    await send(user, approve.body.tx)
    const quote = await quoteOf(LUSD, LTK, amount)
    const tx = await builtSwap({
      amount: amount.toString(),
      from: LUSD,
      to: LTK,
      userAddress: `${LOCAL}:${user.address}`,
      toAmount: quote.toAmount,
    })
    expect(tx.value).toBe('0')
    expect(swapCall(tx.data).functionName).toBe('swapExactTokensForTokens')
    const ltkBefore = await balanceOf(fixtureContracts.LTK, user.address)
    await send(user, tx)
    expect((await balanceOf(fixtureContracts.LTK, user.address)) - ltkBefore).toBe(BigInt(quote.toAmount))

    // LTK is not approved yet: the estimate would revert, so the gas is the fixed figure.
    const ltkAmount = parseEther('10')
    const unapproved = await builtSwap({
      amount: ltkAmount.toString(),
      from: LTK,
      to: ETH,
      userAddress: `${LOCAL}:${user.address}`,
    })
    expect(unapproved.eip155.gas).toBe('250000')
    const call = swapCall(unapproved.data)
    expect(call.functionName).toBe('swapExactTokensForETH')
    await send(
      user,
      (
        await getJson<{ tx: Tx }>(server, '/v1/convert/build-approve', {
          userAddress: user.address,
          from: LTK,
          to: ETH,
        })
      ).body.tx,
    )
    const estimated = await builtSwap({
      amount: ltkAmount.toString(),
      from: LTK,
      to: ETH,
      userAddress: `${LOCAL}:${user.address}`,
    })
    // Estimated now (with room for the pools' price accumulators), not the fixed figure.
    expect(estimated.eip155.gas).not.toBe('250000')
    expect(BigInt(estimated.eip155.gas)).toBeLessThan(300_000n)
    const ethBefore = await client.getBalance({ address: user.address })
    const receipt = await send(user, estimated)
    const spent = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await client.getBalance({ address: user.address })) - ethBefore + spent).toBeGreaterThanOrEqual(
      call.args[1] as bigint,
    )
  })

  it('disableEstimate gives the fixed gas; without toAmount the fresh quote less the slippage is the minimum', async () => {
    const user = fixtureAccounts[0]!.address
    const amount = parseEther('1')
    const tx = await builtSwap({
      amount: amount.toString(),
      from: ETH,
      to: LTK,
      userAddress: `${LOCAL}:${user}`,
      eip155: { slippage: '0.5' },
      disableEstimate: true,
    })
    expect(tx.eip155.gas).toBe('250000')
    const fresh = await quoteOf(ETH, LTK, amount)
    const [min] = swapCall(tx.data).args as [bigint]
    expect(min).toBe((BigInt(fresh.toAmount) * 995n) / 1000n)
    // The default slippage is 1 %.
    const byDefault = await builtSwap({
      amount: amount.toString(),
      from: ETH,
      to: LTK,
      userAddress: `${LOCAL}:${user}`,
      eip155: undefined,
    })
    expect((swapCall(byDefault.data).args as [bigint])[0]).toBe((BigInt(fresh.toAmount) * 99n) / 100n)
  })

  it('a swap after the pool moved past the slippage is refused (409); with room enough it is built', async () => {
    const user = fixtureAccounts[0]!
    const amount = parseEther('1')
    const seen = await quoteOf(ETH, LUSD, amount)

    // Someone else sells 5 ETH into the pool first: ETH is about 10 % cheaper in LUSD.
    const mover = historyCounterparty
    const moved = await builtSwap({
      amount: parseEther('5').toString(),
      from: ETH,
      to: LUSD,
      userAddress: `${LOCAL}:${mover.address}`,
    })
    await send(mover, moved)

    const body = {
      amount: amount.toString(),
      from: ETH,
      to: LUSD,
      userAddress: `${LOCAL}:${user.address}`,
      toAmount: seen.toAmount,
    }
    expect(await buildSwap(body)).toEqual({
      status: 409,
      body: { code: 'SLIPPAGE_EXCEEDED', message: 'The price moved more than the allowed slippage' },
    })
    const roomy = await builtSwap({ ...body, eip155: { slippage: 20 } })
    const [min] = swapCall(roomy.data).args as [bigint]
    expect(min).toBe((BigInt(seen.toAmount) * 80n) / 100n)
    const fresh = await quoteOf(ETH, LUSD, amount)
    expect(BigInt(fresh.toAmount)).toBeLessThan(BigInt(seen.toAmount) - BigInt(seen.toAmount) / 100n)
  })
})

describe('bad input is a 400 that says what is wrong', () => {
  const user = fixtureAccounts[0]!.address
  const swap = { amount: '1000', from: ETH, to: LUSD, userAddress: `${LOCAL}:${user}` }

  it.each([
    ['slippage 0', { ...swap, eip155: { slippage: '0' } }, /slippage/],
    ['slippage 100', { ...swap, eip155: { slippage: '100' } }, /slippage/],
    ['slippage 50.5', { ...swap, eip155: { slippage: 50.5 } }, /slippage/],
    ["slippage 'abc'", { ...swap, eip155: { slippage: 'abc' } }, /slippage/],
    ['slippage -1', { ...swap, eip155: { slippage: -1 } }, /slippage/],
    ['amount 0', { ...swap, amount: '0' }, /amount/],
    ['a negative amount', { ...swap, amount: '-5' }, /amount/],
    ['an amount over a uint256', { ...swap, amount: (maxUint256 + 1n).toString() }, /amount/],
    ['a user address that is not one', { ...swap, userAddress: `${LOCAL}:0x1234` }, /userAddress/],
    [
      'a Solana user',
      { ...swap, userAddress: `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${user}` },
      /userAddress/,
    ],
    ['a toAmount that is not an amount', { ...swap, toAmount: '1.5' }, /toAmount/],
    ['a token the API does not list', { ...swap, to: `${LOCAL}:0x${'12'.repeat(20)}` }, /to: not a token/],
    ['tokens on two chains', { ...swap, to: `${LOCAL_2}:${fixtureContracts.LUSD}` }, /one chain/],
    ['the same token on both sides', { ...swap, to: ETH }, /same token/],
  ])('build-transaction: %s', async (_, body, reason) => {
    const { status, body: answer } = await buildSwap(body)
    expect(status).toBe(400)
    expect((answer as Failure).message).toMatch(reason)
  })

  it.each([
    ['amount 0', { amount: '0' }, /amount/],
    ['a negative amount', { amount: '-1' }, /amount/],
    ['an amount that is not a number', { amount: 'abc' }, /amount/],
    ['a wrong user address', { userAddress: '0xnothex' }, /userAddress/],
    ['a from that is not CAIP-10', { from: 'ETH' }, /from/],
  ])('quotes: %s', async (_, change, reason) => {
    const query = { amount: '1000', userAddress: user, from: ETH, to: LUSD, ...change }
    const { status, body } = await getJson<Failure>(server, '/v1/convert/quotes', query)
    expect(status).toBe(400)
    expect(body.message).toMatch(reason)
  })

  it('allowance and approve: a wrong address or a token the API does not list', async () => {
    const allowance = await getJson<Failure>(server, '/v1/convert/allowance', {
      tokenAddress: LUSD,
      userAddress: 'me',
    })
    expect(allowance.status).toBe(400)
    expect(allowance.body.message).toMatch(/userAddress/)
    const unknown = await getJson<Failure>(server, '/v1/convert/allowance', {
      tokenAddress: `${LOCAL}:0x${'34'.repeat(20)}`,
      userAddress: user,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/tokenAddress: not a token/)
    const approve = await getJson<Failure>(server, '/v1/convert/build-approve', {
      userAddress: user,
      from: LUSD,
      to: LTK,
      amount: '-1',
    })
    expect(approve.status).toBe(400)
    expect(approve.body.message).toMatch(/amount/)
  })
})

describe('through WETH when two tokens have no pair of their own', () => {
  it('ZDT -> LUSD goes ZDT -> WETH -> LUSD once ZDT has a WETH pool: two hops, 0.6 % fee, and the swap lands', async () => {
    // Runs last: it gives ZDT (which the fixtures leave without a pool) a WETH pool here.
    const user = fixtureAccounts[1]!
    const wallet = walletOf(user)
    const approveZdt = await getJson<{ tx: Tx }>(server, '/v1/convert/build-approve', {
      userAddress: user.address,
      from: ZDT,
      to: LUSD,
    })
    await send(user, approveZdt.body.tx)
    const addLiquidity = parseAbi([
      'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
    ])
    const hash = await wallet.writeContract({
      address: fixtureUniswap.router,
      abi: addLiquidity,
      functionName: 'addLiquidityETH',
      args: [fixtureContracts.ZDT, 200n, 200n, parseEther('1'), user.address, maxUint256],
      value: parseEther('1'),
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')

    const amount = 2n
    const quote = await quoteOf(ZDT, LUSD, amount)
    const path = [fixtureContracts.ZDT, fixtureUniswap.weth, fixtureContracts.LUSD]
    const amounts = await routerAmountsOut(amount, path)
    expect(quote).toMatchObject({
      toAmount: amounts.at(-1)!.toString(),
      path: [ZDT, WETH_CAIP, LUSD],
      providerFee: 0.6,
    })
    // The mid price along the path: 200 ZDT : 1 ETH, then the WETH/LUSD pool as it is now.
    const [wethReserve, lusdReserve] = await reservesOf(fixtureUniswap.weth, fixtureContracts.LUSD)
    const midOut =
      ((Number(amount) * 1e18 * 0.997) / 200) * ((0.997 * Number(lusdReserve)) / Number(wethReserve))
    expect(quote.priceImpact).toBeCloseTo((1 - Number(amounts.at(-1)!) / midOut) * 100, 3)
    expect(quote.priceImpact).toBeGreaterThan(0)

    const tx = await builtSwap({
      amount: amount.toString(),
      from: ZDT,
      to: LUSD,
      userAddress: `${LOCAL}:${user.address}`,
      toAmount: quote.toAmount,
    })
    const call = swapCall(tx.data)
    expect(call.functionName).toBe('swapExactTokensForTokens')
    expect((call.args as [bigint, bigint, Address[]])[2]).toEqual(path)
    const before = await balanceOf(fixtureContracts.LUSD, user.address)
    // Mined seconds after the new ZDT pair's first block, the swap writes both pairs' price
    // accumulators, which an estimate made in that first block's second leaves out: the
    // built gas must cover them (it ran out of gas on a busy machine before it did).
    await createTestClient({ mode: 'anvil', transport: http(stack.chains[0]!.rpcUrl) }).increaseTime({
      seconds: 30,
    })
    await send(user, tx)
    expect((await balanceOf(fixtureContracts.LUSD, user.address)) - before).toBe(BigInt(quote.toAmount))
  })
})
