/**
 * The on-ramp's rules with a fake API: the limits named when an amount is refused, the
 * built-in options and placeholder quotes when the API fails, and a purchase followed in
 * the history's on-ramp filter until it completes, fails or times out. The real API, ramp
 * checkout and chain are exercised in test/e2e/onramp.browser.test.ts.
 */
import { HttpError, type Kernel } from 'latchkit'
import { type OnrampState, onramp } from 'latchkit/plugins/onramp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkOnrampAmount } from '../../../plugins/onramp/checkOnrampAmount'
import { fetchOnrampQuotes, placeholderQuote } from '../../../plugins/onramp/fetchOnrampQuotes'
import { loadOnrampOptions } from '../../../plugins/onramp/loadOnrampOptions'
import { onrampSlice } from '../../../plugins/onramp/slice'
import { startOnrampPurchase } from '../../../plugins/onramp/startOnrampPurchase'
import { watchOnrampPurchase } from '../../../plugins/onramp/watchOnrampPurchase'
import { answerApiRequests } from '../../support/fakeApi'
import { connectWallet, ethBalance, localnet, lusdBalance, ME, makeKernel } from '../helpers'

type Request = {
  path: string
  method?: string
  body?: unknown
  query?: Record<string, unknown>
  cache?: unknown
}

const fakeApi = (kernel: Kernel, answer: (request: Request) => unknown) =>
  answerApiRequests<Request>(kernel, answer)

const options = {
  purchaseCurrencies: [
    {
      id: 'LUSD',
      name: 'Latch USD',
      symbol: 'LUSD',
      networks: [{ name: 'l', display_name: 'L', chain_id: '31337', contract_address: '0x1' }],
    },
  ],
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
  providers: [
    { id: 'a', name: 'Ramp A', feePercent: 1 },
    { id: 'b', name: 'Ramp B', feePercent: 2 },
  ],
  fallback: false,
}

async function connectedKernel() {
  const made = makeKernel({ plugins: [onramp({ timeoutMs: 60_000 })] })
  await connectWallet(made.kernel, [ethBalance, lusdBalance])
  return made
}
const BOB_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const fill = (kernel: Kernel, patch: Partial<OnrampState>) =>
  onrampSlice(kernel).set((draft) => void Object.assign(draft, patch))

afterEach(() => {
  vi.useRealTimers()
})

describe('amount limits', () => {
  it('names the limits of the payment method in its currency', () => {
    const form = { options, paymentCurrency: 'USD', paymentMethod: 'card', paymentAmount: '9.99' }
    const refusal = (patch: Partial<typeof form>) => {
      try {
        return checkOnrampAmount({ ...form, ...patch })
      } catch (error) {
        return (error as { shortMessage: string }).shortMessage
      }
    }
    expect(refusal({})).toBe('Amount must be between 10.00 and 7500.00 USD')
    expect(refusal({ paymentAmount: '7500.01' })).toBe('Amount must be between 10.00 and 7500.00 USD')
    expect(refusal({ paymentAmount: '7500' })).toBe('7500.00')
    expect(refusal({ paymentAmount: '20000', paymentMethod: 'ach_bank_account' })).toBe('20000.00')
    expect(refusal({ paymentAmount: '25000.01', paymentMethod: 'ach_bank_account' })).toBe(
      'Amount must be between 10.00 and 25000.00 USD',
    )
    expect(refusal({ paymentAmount: '1e3' })).toBe('Enter an amount such as 100 or 49.99')
    expect(refusal({ paymentAmount: ' ' })).toBe('Enter an amount')
  })
})

describe('when the API fails', () => {
  it('options fall back to USD and EUR by card (10.00 to 7500.00) or bank (10.00 to 25000.00)', async () => {
    const { kernel } = await connectedKernel()
    fakeApi(kernel, () => {
      throw new HttpError(503)
    })
    const fallback = await loadOnrampOptions(kernel, localnet)
    expect(fallback.fallback).toBe(true)
    expect(fallback.paymentCurrencies).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      })),
    )
    expect(onrampSlice(kernel).get().purchaseCurrency).toBe('ETH')
  })

  it('a failed quote is a placeholder marked as an estimate; the others stay real', async () => {
    const { kernel } = await connectedKernel()
    fakeApi(kernel, (request) => {
      if (request.path === 'v1/onramp/options') return options
      if ((request.body as { provider: string }).provider === 'b') throw new HttpError(500)
      const money = (amount: string) => ({ amount, currency: 'USD' })
      return {
        paymentTotal: money('100.00'),
        paymentSubtotal: money('98.50'),
        purchaseAmount: { amount: '98.500000', currency: 'LUSD' },
        networkFee: money('0.50'),
        quoteId: 'q1',
        provider: 'a',
      }
    })
    await loadOnrampOptions(kernel, localnet)
    fill(kernel, { paymentAmount: '100' })
    const quotes = await fetchOnrampQuotes(kernel, localnet)
    expect(quotes.map((quote) => [quote.provider, quote.estimate, quote.purchaseAmount.amount])).toEqual([
      ['a', false, '98.500000'],
      // LUSD is worth $1 in the balances: 100 USD is about 100 LUSD.
      ['b', true, '100.000000'],
    ])
  })
})

describe('quotes and a change of account', () => {
  it('are cleared when the account really changes, not when the wallet repeats the same account', async () => {
    const { kernel } = await connectedKernel()
    const quote = placeholderQuote('latchramp', '20.00', 'USD', 'LUSD', 1)
    fill(kernel, { quotes: [quote] })
    const { caipAddress, address } = kernel.getState().accounts.eip155!
    kernel.bus.emit('account:changed', { namespace: 'eip155', address: address as string, caipAddress })
    expect(onrampSlice(kernel).get().quotes).toEqual([quote])

    kernel.store.setState((draft) => {
      draft.accounts.eip155!.caipAddress = `eip155:31337:${BOB_ADDRESS}`
    })
    kernel.bus.emit('account:changed', {
      namespace: 'eip155',
      address: BOB_ADDRESS,
      caipAddress: `eip155:31337:${BOB_ADDRESS}`,
    })
    expect(onrampSlice(kernel).get().quotes).toEqual([])
  })
})

describe('a purchase in progress', () => {
  async function started(history: () => unknown) {
    const { kernel } = await connectedKernel()
    const requests = fakeApi(kernel, (request) => {
      if (request.path === 'v1/onramp/options') return options
      if (request.path === 'v1/generators/onrampurl') return { url: 'http://127.0.0.1:1/checkout?order=1' }
      return history()
    })
    await loadOnrampOptions(kernel, localnet)
    fill(kernel, { paymentAmount: '100' })
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) })
    await startOnrampPurchase(kernel, 'a')
    return { kernel, requests }
  }
  const entry = (status: string, minedAt = new Date(Date.UTC(2026, 10, 24, 12, 1)).toISOString()) => ({
    data: [
      {
        id: 'o1',
        metadata: { status, minedAt, hash: '0xabc' },
        transfers: [{ quantity: { numeric: '98.5' }, fungible_info: { symbol: 'LUSD' } }],
      },
    ],
    next: null,
  })

  it('is asked for every 4 s without a cache, and completes with what arrived', async () => {
    let answer: unknown = { data: [], next: null }
    const { kernel, requests } = await started(() => answer)
    const url = requests.find((request) => request.path === 'v1/generators/onrampurl')?.body
    expect(url).toMatchObject({
      destinationWallets: [{ address: ME, blockchains: ['eip155:31337'], assets: ['LUSD'] }],
      defaultNetwork: 'eip155:31337',
      presetFiatAmount: '100.00',
      provider: 'a',
    })
    const stop = watchOnrampPurchase(kernel)
    const polls = () => requests.filter((request) => request.query?.onramp === 'a')
    await vi.advanceTimersByTimeAsync(0)
    expect(polls()).toHaveLength(1)
    expect(polls()[0]?.cache).toBe('no-cache')
    answer = entry('ONRAMP_TRANSACTION_STATUS_IN_PROGRESS')
    await vi.advanceTimersByTimeAsync(4000)
    expect(polls()).toHaveLength(2)
    expect(onrampSlice(kernel).get().purchase?.status).toBe('pending')
    answer = entry('ONRAMP_TRANSACTION_STATUS_SUCCESS')
    await vi.advanceTimersByTimeAsync(4000)
    expect(onrampSlice(kernel).get().purchase).toMatchObject({
      status: 'completed',
      received: '98.5',
      hash: '0xabc',
    })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(polls()).toHaveLength(3)
    stop()
  })

  it('a purchase from before this one does not count; a failed status is Buy failed', async () => {
    let answer: unknown = entry(
      'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      new Date(Date.UTC(2026, 10, 24, 11)).toISOString(),
    )
    const { kernel } = await started(() => answer)
    const stop = watchOnrampPurchase(kernel)
    await vi.advanceTimersByTimeAsync(4000)
    expect(onrampSlice(kernel).get().purchase?.status).toBe('pending')
    answer = entry('ONRAMP_TRANSACTION_STATUS_FAILED')
    await vi.advanceTimersByTimeAsync(4000)
    expect(onrampSlice(kernel).get().purchase).toMatchObject({ status: 'failed', failure: 'declined' })
    stop()
  })

  it('with no word from the provider within the timeout, it failed; a failed poll is not a failure', async () => {
    let fail = true
    const { kernel } = await started(() => {
      if (fail) throw new HttpError(503)
      return { data: [], next: null }
    })
    const stop = watchOnrampPurchase(kernel)
    await vi.advanceTimersByTimeAsync(8000)
    expect(onrampSlice(kernel).get().purchase?.status).toBe('pending')
    fail = false
    await vi.advanceTimersByTimeAsync(60_000)
    expect(onrampSlice(kernel).get().purchase).toMatchObject({ status: 'failed', failure: 'timeout' })
    stop()
  })
})
