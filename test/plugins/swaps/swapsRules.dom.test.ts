/**
 * The swap form's rules with a fake API answering the convert endpoints: quotes wait for
 * typing to pause and refresh while watched, Max keeps gas, the networks swaps are not
 * offered on say where they are, and a swap that cannot work is refused before a wallet
 * is asked. The real API, router and wallet are exercised in test/e2e/swaps.browser.test.ts.
 */
import { HttpError, type Kernel, type TokenBalance } from 'latchkit'
import { type SwapToken, swaps } from 'latchkit/plugins/swaps'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchSwapQuote } from '../../../plugins/swaps/fetchSwapQuote'
import { minimumOutOf, prepareSwap } from '../../../plugins/swaps/prepareSwap'
import { swapsSlice } from '../../../plugins/swaps/slice'
import { APPROVE_GAS_BUDGET, maxSwapAmount, SWAP_GAS_BUDGET } from '../../../plugins/swaps/swapAmount'
import { swapNetworkNames, swapUnavailability } from '../../../plugins/swaps/swapAvailability'
import { swapTokenId } from '../../../plugins/swaps/swapTokens'
import { watchSwapQuotes } from '../../../plugins/swaps/watchSwapQuotes'
import { answerApiRequests } from '../../support/fakeApi'
import { connectWallet, ethBalance, LUSD_CONTRACT, localnet, lusdBalance, makeKernel } from '../helpers'

const ETH_ID = swapTokenId('eip155:31337', undefined)
const LUSD_ID = swapTokenId('eip155:31337', LUSD_CONTRACT)
const eth: SwapToken = {
  address: ETH_ID,
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  price: 3000,
  balance: '2',
}
const lusd: SwapToken = {
  address: LUSD_ID,
  symbol: 'LUSD',
  name: 'Latch USD',
  decimals: 6,
  price: 1,
  balance: '100.5',
}

type Answer = (request: { path: string; query?: Record<string, unknown> }) => unknown

/** Replaces the kernel's API with `answer`, recording each request. */
const fakeApi = (kernel: Kernel, answer: Answer) => answerApiRequests(kernel, answer)

const quoteAnswer: Answer = (request) => {
  if (request.path === 'v1/convert/gas-price') return { standard: '1000000000' }
  const amount = BigInt(String(request.query?.amount))
  return {
    quotes: [
      {
        fromAmount: amount.toString(),
        toAmount: ((amount * 2000n) / 10n ** 12n).toString(),
        fromAccount: request.query?.from,
        toAccount: request.query?.to,
        priceImpact: 0.1,
        providerFee: 0.3,
      },
    ],
  }
}

async function connectedKernel(options: Parameters<typeof swaps>[0] = { chains: ['eip155:31337'] }) {
  const made = makeKernel({ plugins: [swaps(options)] })
  await connectWallet(made.kernel, [ethBalance, lusdBalance] as TokenBalance[])
  return made
}

const fill = (kernel: Kernel, patch: Record<string, unknown>) =>
  swapsSlice(kernel).set((draft) => void Object.assign(draft, patch))

afterEach(() => {
  vi.useRealTimers()
})

describe('quotes', () => {
  it('are asked once typing pauses, for what was typed last, and again every refresh period', async () => {
    const { kernel } = await connectedKernel({
      chains: ['eip155:31337'],
      quoteDebounceMs: 500,
      quoteRefreshMs: 10_000,
    })
    const requests = fakeApi(kernel, quoteAnswer)
    vi.useFakeTimers()
    fill(kernel, { sourceToken: eth, toToken: lusd })
    const stop = watchSwapQuotes(kernel)
    for (const typed of ['0', '0.', '0.1']) {
      fill(kernel, { sourceTokenAmount: typed })
      await vi.advanceTimersByTimeAsync(200)
    }
    const quotes = () => requests.filter((request) => request.path === 'v1/convert/quotes')
    expect(quotes()).toEqual([])
    expect(swapsSlice(kernel).get().loadingQuote).toBe(true)
    await vi.advanceTimersByTimeAsync(500)
    expect(quotes().map((request) => request.query?.amount)).toEqual(['100000000000000000'])
    expect(swapsSlice(kernel).get().quote?.toAmount).toBe(200_000_000n)
    expect(swapsSlice(kernel).get().loadingQuote).toBe(false)

    await vi.advanceTimersByTimeAsync(10_000)
    expect(quotes()).toHaveLength(2)
    stop()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(quotes()).toHaveLength(2)
  })

  it('an answer for a form that changed meanwhile is dropped', async () => {
    const { kernel } = await connectedKernel()
    let release: () => void = () => {}
    fakeApi(kernel, async (request) => {
      if (request.path === 'v1/convert/quotes' && request.query?.amount === '100000000000000000') {
        await new Promise<void>((resolve) => {
          release = resolve
        })
      }
      return quoteAnswer(request)
    })
    vi.useFakeTimers()
    fill(kernel, { sourceToken: eth, toToken: lusd, sourceTokenAmount: '0.1' })
    const stop = watchSwapQuotes(kernel)
    await vi.advanceTimersByTimeAsync(500)
    fill(kernel, { sourceTokenAmount: '0.2' })
    await vi.advanceTimersByTimeAsync(500)
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(swapsSlice(kernel).get().quote?.fromAmount).toBe(2n * 10n ** 17n)
    stop()
  })

  it("an API refusal becomes the form's problem, named by its code", async () => {
    const { kernel } = await connectedKernel()
    fakeApi(kernel, (request) => {
      if (request.path === 'v1/convert/quotes') {
        throw new HttpError(422, {
          data: { method: 'GET', url: 'x', body: { code: 'INSUFFICIENT_LIQUIDITY', message: 'no pool' } },
        })
      }
      return quoteAnswer(request)
    })
    await expect(
      fetchSwapQuote(kernel, {
        network: localnet,
        userAddress: '0x1',
        from: ETH_ID,
        to: LUSD_ID,
        amount: 1n,
      }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_LIQUIDITY',
      shortMessage: 'Insufficient liquidity for this trade',
    })
  })
})

describe('Max', () => {
  it('keeps the gas of an approval and a swap out of the native balance, and spends all of a token', () => {
    const gasPrice = 2_000_000_000n
    const reserve = (SWAP_GAS_BUDGET + APPROVE_GAS_BUDGET) * gasPrice
    expect(maxSwapAmount(eth, gasPrice)).toBe(2n * 10n ** 18n - reserve)
    expect(maxSwapAmount({ ...eth, balance: '0.0001' }, gasPrice)).toBe(0n)
    expect(maxSwapAmount(lusd, gasPrice)).toBe(100_500_000n)
  })
})

describe('networks', () => {
  it('off the configured chains, swaps say they are not supported and where they are', async () => {
    const { kernel } = await connectedKernel({ chains: ['eip155:31337', 'eip155:8453'] })
    expect(swapUnavailability(kernel)).toBeUndefined()
    kernel.store.setState((draft) => {
      draft.networks.eip155!.caipNetwork = {
        ...localnet,
        id: 31338,
        name: 'Local 31338',
        caipNetworkId: 'eip155:31338',
      }
    })
    expect(swapUnavailability(kernel)).toBe('SWAPS_UNSUPPORTED_NETWORK')
    // A network the app did not configure is named by its id.
    expect(swapNetworkNames(kernel)).toEqual(['Local 31337', 'eip155:8453'])
    const feature = kernel.slots.list('features').find((item) => item.id === 'swaps')
    expect(feature?.unavailable?.(kernel)).toBe('Swaps work on Local 31337, eip155:8453')
    expect(() => prepareSwap(kernel)).toThrow('Network not supported for Swaps')
  })

  it('options that cannot work are refused when the plugin is made', () => {
    expect(() => swaps({ slippage: 0 })).toThrow(/slippage/)
    expect(() => swaps({ slippage: 60 })).toThrow(/slippage/)
    expect(() => swaps({ chains: ['solana:mainnet' as never] })).toThrow(/EVM network id/)
  })
})

describe('before the wallet is asked', () => {
  it('refuses, in reading order: tokens, same token, amount, balance, quote problem, missing quote', async () => {
    const { kernel } = await connectedKernel()
    const refusal = () => {
      try {
        prepareSwap(kernel)
      } catch (error) {
        return (error as { code?: string }).code
      }
      return 'none'
    }
    expect(refusal()).toBe('SWAP_TOKENS_REQUIRED')
    fill(kernel, { sourceToken: eth, toToken: eth })
    expect(refusal()).toBe('SWAP_SAME_TOKEN')
    fill(kernel, { toToken: lusd, sourceTokenAmount: '' })
    expect(refusal()).toBe('SWAP_AMOUNT_REQUIRED')
    fill(kernel, { sourceTokenAmount: 'abc' })
    expect(refusal()).toBe('SWAP_INVALID_AMOUNT')
    fill(kernel, { sourceTokenAmount: '3' })
    expect(refusal()).toBe('SWAP_INSUFFICIENT_BALANCE')
    fill(kernel, { sourceTokenAmount: '1', quoteProblem: { code: 'INSUFFICIENT_LIQUIDITY', message: 'x' } })
    expect(refusal()).toBe('INSUFFICIENT_LIQUIDITY')
    fill(kernel, { quoteProblem: undefined })
    expect(refusal()).toBe('SWAP_QUOTE_REQUIRED')
    fill(kernel, {
      quote: {
        fromAmount: 10n ** 18n,
        toAmount: 2_000_000_000n,
        priceImpact: 0,
        providerFee: 0.3,
        from: ETH_ID,
        to: LUSD_ID,
      },
      gasPrice: 10n ** 9n,
    })
    expect(prepareSwap(kernel)).toMatchObject({
      amount: 10n ** 18n,
      minimumOut: 1_980_000_000n,
      needsApproval: false,
    })
    // Swapping the whole native balance leaves nothing for gas.
    fill(kernel, {
      sourceTokenAmount: '2',
      quote: {
        fromAmount: 2n * 10n ** 18n,
        toAmount: 4_000_000_000n,
        priceImpact: 0,
        providerFee: 0.3,
        from: ETH_ID,
        to: LUSD_ID,
      },
    })
    expect(refusal()).toBe('SWAP_INSUFFICIENT_GAS')
  })

  it('the minimum received is the quote less the slippage, rounded down', () => {
    expect(minimumOutOf(1_000_000n, 1)).toBe(990_000n)
    expect(minimumOutOf(999n, 0.5)).toBe(994n)
  })
})
